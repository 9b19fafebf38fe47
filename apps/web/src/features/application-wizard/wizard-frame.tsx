import { Alert, Button, Group, Modal, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  clickableSteps,
  FORM_STEPS,
  joinPassport,
  missingMessage,
  type TApplication,
  WIZARD_STEPS,
} from '@uniapply/shared';
import { type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { formatIn } from '../../lib/format';
import { translateKey } from '../../lib/i18n';
import { ContactStep } from './contact-step';
import { choiceKey } from './course-choice';
import { CoursesStep } from './courses-step';
import { OtherInfoStep } from './other-info-step';
import { PersonalStep } from './personal-step';
import { ReviewStep } from './review-step';
import { useStepErrorText, WIZARD_NAMESPACES } from './step-fields';
import { changed, type TStepForm, type TValues } from './step-form';
import { DocumentsStep } from './steps/documents-step';
import { ExperienceStep } from './steps/experience-step';
import { LanguagesStep } from './steps/languages-step';
import { QualificationsStep } from './steps/qualifications-step';
import type { TAudience, TDone } from './thank-you';
import { ThankYou } from './thank-you';
import { type TWizard, type TWizardOptions, useWizard } from './use-wizard';
import type { TProblem } from './wizard-state';

export type { TAudience, TDone };

type TFrameProps = TWizardOptions & {
  /** Where the thank-you screen leads: the student's dashboard, or the staff list. */
  done: TDone;
  /** Default 'student'. Staff see whose application is open above the stepper. */
  audience?: TAudience;
};

/**
 * The ten-step application (spec 2.5, 4; DESIGN 6): the view of use-wizard.ts's state (stepper,
 * the open step, Next/Back, the leave dialog); each step has its own address (`?step=N`).
 */
export function WizardFrame({ done, audience = 'student', ...options }: TFrameProps) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  const wizard = useWizard({ ...options, addressNamesStudent: audience !== 'student' });
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { state, step } = wizard;
  if (state.finished)
    return <ThankYou done={done} audience={audience} courses={wizard.application?.courses ?? []} />;
  if (!state.initialised) return <Text>{t('wizardForm:loading')}</Text>;
  const current = WIZARD_STEPS[step - 1];
  const draft = wizard.formDef ? wizard.drafts.restored[step] : undefined;
  return (
    <Stack gap="md">
      {wizard.guard}
      {audience !== 'student' && <StudentHeader personal={state.saved[1]} />}
      <WizardStepper step={step} maxStage={state.maxStage} onStep={wizard.go} />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <div>
            <Text size="sm" c="dimmed">
              {t('wizardForm:stepCounter', { step, count: FORM_STEPS })}
            </Text>
            {/* Focus lands here after a discarded draft (its notice and button are gone). */}
            <Title order={2} size="h3" ref={titleRef} tabIndex={-1} style={{ outlineOffset: 2 }}>
              {t(current?.labelKey.replace('wizard.', '') ?? '')}
            </Title>
          </div>
          {draft && <DraftNotice wizard={wizard} savedAt={draft.savedAt} titleRef={titleRef} />}
          {state.problem && <ProblemAlert problem={state.problem} onReload={wizard.reload} />}
          {renderStep(
            step,
            wizard.form,
            state.studentId,
            wizard.application,
            wizard.onValidityChange,
            wizard.go,
          )}
          <StepButtons wizard={wizard} />
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * The open step's restored draft: when it is from, and "Discard draft", which asks first when the
 * step differs from its saved data (a new student's form: from empty), then deletes the draft and
 * shows the saved data again (wizard.discardDraft). Focus then goes to the step's title.
 */
function DraftNotice({
  wizard,
  savedAt,
  titleRef,
}: {
  wizard: TWizard;
  savedAt: string;
  titleRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { t, i18n } = useTranslation(WIZARD_NAMESPACES);
  const [asking, setAsking] = useState(false);
  const { state, step } = wizard;
  const when = formatIn(i18n.language).dateTime(savedAt);
  const discard = async () => {
    const done = await wizard.discardDraft();
    setAsking(false);
    if (done) requestAnimationFrame(() => titleRef.current?.focus());
  };
  const hasContent = changed(state.values[step] ?? {}, state.saved[step] ?? {});
  return (
    <>
      {/* Blue: the yellow light title failed axe's colour contrast (seen once a draft came back). */}
      <Alert color="blue" variant="light" title={t('wizardForm:draft.title')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('wizardForm:draft.message', { savedAt: when })}</Text>
          <Button
            size="sm"
            variant="default"
            onClick={() => (hasContent ? setAsking(true) : void discard())}
            loading={state.busy && !asking}
          >
            {t('wizardForm:draft.discard')}
          </Button>
        </Stack>
      </Alert>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={t('wizardForm:draft.confirmTitle')}
        centered
        withCloseButton={false}
      >
        <Text>
          {t(state.studentId === 0 ? 'wizardForm:draft.confirmTextNew' : 'wizardForm:draft.confirmText', {
            savedAt: when,
          })}
        </Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setAsking(false)} disabled={state.busy} data-autofocus>
            {t('wizardForm:draft.keep')}
          </Button>
          <Button color="red.9" onClick={() => void discard()} loading={state.busy}>
            {t('wizardForm:draft.discard')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

/**
 * Whose application is open (issue 18 item 6): the staff's form names the student, by name and
 * passport, on every step, from the saved personal step (a new student: "New student").
 */
function StudentHeader({ personal }: { personal: TValues | undefined }) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  const name = [personal?.firstName, personal?.lastName]
    .filter((part) => typeof part === 'string' && part.trim() !== '')
    .join(' ');
  const passport = joinPassport({
    passportSeries: String(personal?.passportSeries ?? ''),
    passportNumber: String(personal?.passportNumber ?? ''),
  });
  return (
    <Paper
      withBorder
      p="sm"
      bg="var(--mantine-color-blue-light)"
      role="region"
      aria-label={t('wizardForm:student.label')}
    >
      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
        {name ? t('wizardForm:student.name', { name }) : t('wizardForm:student.new')}
      </Text>
      {passport && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('wizardForm:student.passport', { passport })}
        </Text>
      )}
    </Paper>
  );
}

function WizardStepper({
  step,
  maxStage,
  onStep,
}: {
  step: number;
  maxStage: number;
  onStep: (n: number) => void;
}) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  // Ten labels need about 1,400 px; below that the stepper shows numbers (each still named for
  // screen readers and with a tooltip) and the step's title names the current step.
  const wide = useMediaQuery('(min-width: 90em)', true);
  const roomy = useMediaQuery('(min-width: 48em)', true);
  const clickable = clickableSteps(maxStage);
  return (
    <Stepper
      active={step - 1}
      onStepClick={(index) => clickable.includes(index + 1) && index + 1 !== step && onStep(index + 1)}
      size={roomy ? 'sm' : 'xs'}
      iconSize={roomy ? 32 : 24}
      styles={
        roomy ? undefined : { separator: { marginInline: 2, minWidth: 2 }, steps: { flexWrap: 'nowrap' } }
      }
      aria-label={t('wizardForm:stepper')}
    >
      {WIZARD_STEPS.map((s) => {
        const label = t(s.labelKey.replace('wizard.', ''));
        return (
          <Stepper.Step
            key={s.id}
            label={wide ? label : undefined}
            title={label}
            aria-label={t('wizardForm:stepOf', { step: s.step, count: FORM_STEPS, label })}
            allowStepSelect={clickable.includes(s.step)}
            disabled={!clickable.includes(s.step)}
            aria-current={s.step === step ? 'step' : undefined}
          />
        );
      })}
    </Stepper>
  );
}

function StepButtons({ wizard }: { wizard: TWizard }) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  const fieldErrorText = useStepErrorText();
  const reasonId = useId();
  const { step, state, valid } = wizard;
  const why = wizard.formDef?.explainsNext && !valid ? wizard.form.errors[0] : undefined;
  return (
    <Group justify="space-between" align="flex-start">
      {step > 1 ? (
        <Button variant="default" onClick={() => wizard.go(step - 1)} disabled={state.busy}>
          {t('wizardForm:back')}
        </Button>
      ) : (
        <span />
      )}
      {step < FORM_STEPS ? (
        <Stack gap={4} align="flex-end" style={{ flex: '1 1 0', minWidth: 0 }}>
          <Button
            onClick={wizard.next}
            disabled={!valid}
            loading={state.busy}
            aria-describedby={why ? reasonId : undefined}
          >
            {t('wizardForm:next')}
          </Button>
          {why && (
            <Text id={reasonId} size="sm" c="dimmed" ta="end" maw="22rem">
              {t('wizardForm:nextDisabled', { reason: fieldErrorText(why) })}
            </Text>
          )}
        </Stack>
      ) : (
        <Button onClick={wizard.confirm} loading={state.busy} disabled={state.studentId === 0}>
          {t('wizardForm:confirm')}
        </Button>
      )}
    </Group>
  );
}

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
      return <OtherInfoStep form={form} studentId={studentId} />;
    case 9: {
      const courses = application?.courses ?? [];
      return (
        <CoursesStep
          form={form}
          statuses={
            new Map(
              courses.flatMap((c) =>
                c.status
                  ? [
                      [
                        choiceKey({
                          universityCourseId: c.universityCourseId,
                          intakeId: c.intake?.id ?? null,
                        }),
                        c.status,
                      ] as const,
                    ]
                  : [],
              ),
            )
          }
          labels={{
            courses: new Map(
              courses.map((c) => [c.universityCourseId, `${c.course.name} — ${c.university.name}`]),
            ),
            intakes: new Map(
              courses.flatMap((c) => (c.intake ? [[c.intake.id, c.intake.startDate] as const] : [])),
            ),
          }}
        />
      );
    }
    default:
      return application ? <ReviewStep application={application} onChange={go} /> : null;
  }
}

function ProblemAlert({ problem, onReload }: { problem: TProblem; onReload: () => void }) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  return (
    <Alert color="red" variant="light" role="alert">
      <Stack gap="xs">
        <Text size="sm">{errorText(t, problem.error)}</Text>
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
