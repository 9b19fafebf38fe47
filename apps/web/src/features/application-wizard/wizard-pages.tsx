import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, type To, useLocation, useSearchParams } from 'react-router';
import { backToList } from '../../components/crud/form-page-return';
import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { useSession } from '../auth';
import { forgetNewProfileDraftKey, newProfileDraftKey } from './new-profile-draft-key';
import { WIZARD_NAMESPACES } from './step-fields';
import { wizardApi, wizardKeys } from './wizard-api';
import { WizardFrame } from './wizard-frame';

/** `null`: the signed-in student's own profile. */
function useStage(studentId: number | null, enabled = true) {
  return useQuery({
    queryKey: wizardKeys.stage(studentId),
    queryFn: ({ signal }) => wizardApi.getStage(studentId, signal),
    enabled,
    staleTime: 0,
  });
}

function Screen({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h2">
        {t('wizardForm:title')}
      </Title>
      {children}
    </Stack>
  );
}

function Loading() {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  return <Text>{t('wizardForm:loading')}</Text>;
}

function LoadFailed({ error, back }: { error: unknown; back?: { to: To; state?: unknown } }) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Stack gap="xs" role="alert">
      <Text fw={600}>{notFound ? t('wizardForm:notFound') : errorText(t, error)}</Text>
      {back && (
        <Anchor component={Link} to={back.to} state={back.state}>
          {t('wizardForm:backToList')}
        </Anchor>
      )}
    </Stack>
  );
}

/** /Student/Infoform: the signed-in student's own application. */
export function StudentApplicationPage() {
  const stage = useStage(null);
  const { user } = useSession();
  // A student's own first profile starts from the account's name and email (issue 18 item 7).
  const startFrom = useMemo(
    () => (user ? { firstName: user.firstName, lastName: user.lastName, email: user.email } : undefined),
    [user],
  );
  // The frame starts from the server's stage of now, never from a cached one: the dashboard shares
  // this query (student-dashboard-page.tsx), and the profile may have moved on since it was read.
  const fresh = stage.isFetchedAfterMount || stage.isError;
  return (
    <Screen>
      {stage.isPending || !fresh ? (
        <Loading />
      ) : stage.isError ? (
        <LoadFailed error={stage.error} />
      ) : (
        <WizardFrame
          studentId={stage.data.studentId}
          stage={stage.data.step}
          startFrom={stage.data.studentId === 0 ? startFrom : undefined}
          done={{ to: '/Student/Dashboard', label: 'wizardForm:toDashboard' }}
        />
      )}
    </Screen>
  );
}

/** A canonical positive id, 0 when the parameter is absent (a new student), null when it is not a number. */
export function readStudentId(raw: string | null): number | null {
  if (raw === null || raw === '') return 0;
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : /^0$/.test(raw) ? 0 : null;
}

/**
 * The agent's and the admin's form page (DESIGN 6): `?studentId=N` names the student (none: a new
 * one); a non-numeric id goes back to the list; someone else's student is not found (404).
 */
function StaffFormPage({ list, audience }: { list: string; audience: 'agent' | 'admin' }) {
  const [params] = useSearchParams();
  const studentId = readStudentId(params.get('studentId'));
  // The profile this page just created keeps its open form (the address names it from then on).
  const [created, setCreated] = useState<number | null>(null);
  const fresh = studentId === 0 || (studentId !== null && studentId === created);
  const stage = useStage(studentId, studentId !== null && studentId > 0 && !fresh);
  // A new student's draft is this tab's own (two tabs adding students at once keep one each).
  const draftKey = useMemo(() => (studentId === 0 ? newProfileDraftKey() : undefined), [studentId]);
  // The way back: the list's place as it was, and the student this page saved (issue 20 item 4).
  const back = backToList(useLocation().state, list, created ?? studentId);
  if (studentId === null) return <Navigate to={list} replace />;
  const done = { to: back.to, state: back.state, label: 'wizardForm:backToList' };
  // The frame names the new profile in the address (`?studentId=`, the entry replaced).
  const onCreated = (id: number) => {
    forgetNewProfileDraftKey();
    setCreated(id);
  };
  return (
    <Screen>
      {fresh ? (
        <WizardFrame
          key="new"
          studentId={0}
          stage={0}
          onStudentCreated={onCreated}
          done={done}
          audience={audience}
          draftKey={draftKey}
        />
      ) : stage.isPending ? (
        <Loading />
      ) : stage.isError ? (
        <LoadFailed error={stage.error} back={{ to: back.to, state: back.listState }} />
      ) : (
        <WizardFrame
          key="existing"
          studentId={studentId}
          stage={stage.data.step}
          done={done}
          audience={audience}
        />
      )}
    </Screen>
  );
}

export function AgentStudentFormPage() {
  return <StaffFormPage list="/Agent/Students" audience="agent" />;
}

export function AdminStudentFormPage() {
  return <StaffFormPage list="/Admin/Students" audience="admin" />;
}
