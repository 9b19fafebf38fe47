import { Alert, Anchor, Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  clickableSteps,
  FORM_STEPS,
  missingMessage,
  type TApplication,
  THANK_YOU_STAGE,
  type TMissingCode,
  WIZARD_STEPS,
} from '@uniapply/shared';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import { formatIn } from '../../lib/format';
import { translateKey } from '../../lib/i18n';
import { resourceKeys } from '../../lib/resources';
import { ContactStep } from './contact-step';
import { CoursesStep } from './courses-step';
import { FORM_STEPS_BY_NUMBER, type TFormStep } from './form-steps';
import { OtherInfoStep } from './other-info-step';
import { PersonalStep } from './personal-step';
import { ReviewStep } from './review-step';
import { WIZARD_NAMESPACES } from './step-fields';
import { changed, type TStepForm, type TValues, useStepForm } from './step-form';
import { DocumentsStep } from './steps/documents-step';
import { ExperienceStep } from './steps/experience-step';
import { LanguagesStep } from './steps/languages-step';
import { QualificationsStep } from './steps/qualifications-step';
import { useUnsavedChangesGuard } from './unsaved-changes';
import { useDraftAutosave, useDrafts } from './use-drafts';
import { wizardApi, wizardKeys } from './wizard-api';

type TFrameProps = {
  /** 0: a new student (the personal step creates the profile). */
  studentId: number;
  /** The stored stage (0: no record). */
  stage: number;
  /** A new profile got its id (the agent's address then names it). */
  onStudentCreated?: (studentId: number) => void;
  /**
   * The new profile's own draft key (studentId 0; new-profile-draft-key.ts): the staff pages give
   * each browser tab its own, so two new students typed at once keep a draft each. None: the
   * user's one new-profile draft (a student's own first profile).
   */
  draftKey?: string;
  /** Where the thank-you screen leads: the student's dashboard, or the staff list. */
  done: { to: string; label: string };
};

type TProblem = { message: string; conflict: boolean; missing: TMissingCode[] };

function toProblem(error: unknown): TProblem {
  const api = error instanceof ApiError ? error : null;
  const missing =
    api?.code === ('incompleteApplication' as string) ? (api.params.missing as TMissingCode[]) : [];
  return {
    message: error instanceof Error ? error.message : String(error),
    conflict: api?.code === ('editConflict' as string),
    missing: Array.isArray(missing) ? missing : [],
  };
}

/** The ten-step application (spec 2.5, 4; DESIGN 6): stepper, stage, Next/Back, drafts, confirm. */
export function WizardFrame({ studentId: startId, stage, onStudentCreated, done, draftKey }: TFrameProps) {
  const { t, i18n } = useTranslation(WIZARD_NAMESPACES);
  const queryClient = useQueryClient();
  // Ten labels need about 1,400 px; below that the stepper shows numbers (each still named for
  // screen readers and with a tooltip) and the step's title names the current step.
  const wide = useMediaQuery('(min-width: 90em)', true);
  const roomy = useMediaQuery('(min-width: 48em)', true);
  const [studentId, setStudentId] = useState(startId);
  const [maxStage, setMaxStage] = useState(stage);
  const [step, setStep] = useState(() => Math.min(Math.max(stage, 1), FORM_STEPS));
  const [finished, setFinished] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<TProblem | null>(null);
  const [listValid, setListValid] = useState<Record<number, boolean>>({});

  const review = useQuery({
    queryKey: wizardKeys.review(studentId),
    queryFn: ({ signal }) => wizardApi.getReview(studentId, signal),
    enabled: studentId > 0,
  });
  const application: TApplication | null = review.data ?? null;

  // Values of every form step, kept while moving between steps (Back never loses input), and the
  // saved data they are compared with ("changed since load").
  const [values, setValues] = useState<Record<number, TValues>>({});
  const [saved, setSaved] = useState<Record<number, TValues>>({});
  const ready = studentId === 0 || review.isSuccess;
  const newDraftKey = studentId === 0 ? draftKey : undefined;
  const drafts = useDrafts(studentId, ready, newDraftKey);
  const initialised = useRef(false);
  useEffect(() => {
    if (initialised.current || !ready || !drafts.ready) return;
    initialised.current = true;
    const base: Record<number, TValues> = {};
    const open: Record<number, TValues> = {};
    for (const def of Object.values(FORM_STEPS_BY_NUMBER)) {
      const saved = def.fromApplication(application);
      const draft = drafts.restored[def.step];
      base[def.step] = saved;
      open[def.step] = draft ? { ...saved, ...draft.data } : saved;
    }
    setSaved(base);
    setValues(open);
  }, [ready, drafts.ready, drafts.restored, application]);

  const formDef: TFormStep | undefined = FORM_STEPS_BY_NUMBER[step];
  const stepValues = values[step] ?? {};
  const setStepValues = useCallback(
    (next: TValues) => setValues((all) => ({ ...all, [step]: next })),
    [step],
  );
  const form = useStepForm(
    formDef?.schema ?? NO_SCHEMA,
    formDef?.order ?? [],
    stepValues,
    setStepValues,
    step,
  );

  const dirtySteps = Object.keys(FORM_STEPS_BY_NUMBER)
    .map(Number)
    .filter((n) => values[n] && saved[n] && changed(values[n], saved[n]));
  const autosave = useDraftAutosave(
    studentId,
    formDef && initialised.current ? step : null,
    stepValues,
    formDef ? changed(stepValues, saved[step]) : false,
    Boolean(drafts.restored[step]),
    newDraftKey,
  );
  const guard = useUnsavedChangesGuard(dirtySteps.length > 0 && !finished);

  const valid = formDef ? form.valid : step === 10 ? true : (listValid[step] ?? false);
  const onValidityChange = useCallback(
    (ok: boolean) => setListValid((all) => (all[step] === ok ? all : { ...all, [step]: ok })),
    [step],
  );

  const go = (next: number) => {
    setProblem(null);
    setStep(next);
    window.scrollTo?.({ top: 0 });
  };

  const next = async () => {
    if (!valid || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const target = step + 1;
      if (formDef && (studentId === 0 || changed(stepValues, saved[step]))) {
        await autosave.hold();
        const id = await formDef.save(studentId, stepValues, application, newDraftKey);
        setSaved((all) => ({ ...all, [step]: stepValues }));
        drafts.forget(step);
        autosave.saved(step);
        if (id !== studentId) {
          setStudentId(id);
          onStudentCreated?.(id);
        }
      } else {
        await wizardApi.raiseStage(studentId, target);
      }
      setMaxStage((m) => Math.max(m, target));
      // The staff lists show names and progress: they refresh too.
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('StudentInfo') });
      await queryClient.invalidateQueries({ queryKey: wizardKeys.all });
      go(target);
    } catch (error) {
      autosave.resume();
      setProblem(toProblem(error));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await wizardApi.confirm(studentId);
      setMaxStage(THANK_YOU_STAGE);
      setFinished(true);
      await queryClient.invalidateQueries({ queryKey: wizardKeys.all });
    } catch (error) {
      setProblem(toProblem(error));
    } finally {
      setBusy(false);
    }
  };

  /** After a 409: the stored version replaces this step's input. */
  const reload = async () => {
    const fresh = await review.refetch();
    if (formDef && fresh.data) {
      const base = formDef.fromApplication(fresh.data);
      setSaved((all) => ({ ...all, [step]: base }));
      setValues((all) => ({ ...all, [step]: base }));
      drafts.forget(step);
      autosave.saved(step);
      if (studentId > 0) await wizardApi.deleteDraft(studentId, step).catch(() => {});
    }
    setProblem(null);
  };

  if (finished) return <ThankYou done={done} />;
  if (!initialised.current) return <Text>{t('wizardForm:loading')}</Text>;

  const clickable = clickableSteps(maxStage);
  const current = WIZARD_STEPS[step - 1];
  const draft = formDef ? drafts.restored[step] : undefined;

  return (
    <Stack gap="md">
      {guard}
      <Stepper
        active={step - 1}
        onStepClick={(index) => clickable.includes(index + 1) && go(index + 1)}
        size={roomy ? 'sm' : 'xs'}
        iconSize={roomy ? 32 : 24}
        styles={
          roomy ? undefined : { separator: { marginInline: 2, minWidth: 2 }, steps: { flexWrap: 'nowrap' } }
        }
        aria-label={t('wizardForm:stepper')}
      >
        {WIZARD_STEPS.map((s) => (
          <Stepper.Step
            key={s.id}
            label={wide ? t(s.labelKey.replace('wizard.', '')) : undefined}
            title={t(s.labelKey.replace('wizard.', ''))}
            aria-label={t('wizardForm:stepOf', {
              step: s.step,
              count: FORM_STEPS,
              label: t(s.labelKey.replace('wizard.', '')),
            })}
            allowStepSelect={clickable.includes(s.step)}
            disabled={!clickable.includes(s.step)}
            aria-current={s.step === step ? 'step' : undefined}
          />
        ))}
      </Stepper>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <div>
            <Text size="sm" c="dimmed">
              {t('wizardForm:stepCounter', { step, count: FORM_STEPS })}
            </Text>
            <Title order={2} size="h3">
              {t(current?.labelKey.replace('wizard.', '') ?? '')}
            </Title>
          </div>
          {draft && (
            <Alert color="yellow" variant="light" title={t('wizardForm:draft.title')}>
              {t('wizardForm:draft.message', { savedAt: formatIn(i18n.language).dateTime(draft.savedAt) })}
            </Alert>
          )}
          {problem && <ProblemAlert problem={problem} onReload={reload} onStep={go} />}
          {renderStep(step, form, studentId, application, onValidityChange, go)}
          <Group justify="space-between">
            {step > 1 ? (
              <Button variant="default" onClick={() => go(step - 1)} disabled={busy}>
                {t('wizardForm:back')}
              </Button>
            ) : (
              <span />
            )}
            {step < FORM_STEPS ? (
              <Button onClick={next} disabled={!valid} loading={busy}>
                {t('wizardForm:next')}
              </Button>
            ) : (
              <Button onClick={confirm} loading={busy} disabled={studentId === 0}>
                {t('wizardForm:confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

const NO_SCHEMA = { safeParse: () => ({ success: true }) } as never;

function renderStep(
  step: number,
  form: TStepForm,
  studentId: number,
  application: TApplication | null,
  onValidityChange: (ok: boolean) => void,
  go: (step: number) => void,
): ReactNode {
  const list = { studentId, onValidityChange };
  switch (step) {
    case 1:
      return <PersonalStep form={form} />;
    case 2:
      return <ContactStep form={form} guardian />;
    case 3:
      return <ContactStep form={form} guardian={false} />;
    case 4:
      return <QualificationsStep {...list} />;
    case 5:
      return <LanguagesStep {...list} />;
    case 6:
      return <ExperienceStep {...list} />;
    case 7:
      return <DocumentsStep {...list} />;
    case 8:
      return <OtherInfoStep form={form} />;
    case 9: {
      const courses = application?.courses ?? [];
      return (
        <CoursesStep
          form={form}
          statuses={
            new Map(courses.flatMap((c) => (c.status ? [[c.universityCourseId, c.status] as const] : [])))
          }
          labels={
            new Map(courses.map((c) => [c.universityCourseId, `${c.course.name} — ${c.university.name}`]))
          }
        />
      );
    }
    default:
      return application ? <ReviewStep application={application} onChange={go} /> : null;
  }
}

function ProblemAlert({
  problem,
  onReload,
  onStep,
}: {
  problem: TProblem;
  onReload: () => void;
  onStep: (step: number) => void;
}) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  void onStep;
  return (
    <Alert color="red" variant="light" role="alert">
      <Stack gap="xs">
        <Text size="sm">{problem.message}</Text>
        {problem.missing.length > 0 && (
          <ul style={{ margin: 0 }}>
            {problem.missing.map((code) => {
              const { key, params } = missingMessage(code);
              return <li key={code}>{translateKey(t, key, params)}</li>;
            })}
          </ul>
        )}
        {problem.conflict && (
          <Group>
            <Button size="xs" variant="white" color="red" onClick={onReload}>
              {t('wizardForm:reload')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

function ThankYou({ done }: { done: { to: string; label: string } }) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2}>{t('steps.thankYou')}</Title>
        <Text>{t('wizardForm:thankYou')}</Text>
        <Anchor component={Link} to={done.to}>
          {t(done.label)}
        </Anchor>
      </Stack>
    </Paper>
  );
}
