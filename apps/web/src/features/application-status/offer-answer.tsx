import { Alert, Button, Checkbox, Group, List, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isOpenOffer, type TApplicationStatusState, type TOffer, type TOfferAnswer } from '@uniapply/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/forms/form-dialog';
import { Deadline } from '../../components/intakes/deadline';
import { api } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { wizardApi, wizardKeys } from '../application-wizard';
import { STATUS_NAMESPACES } from './namespaces';
import { fetchStatusList, refreshStatuses, statusKeys } from './status-api';

// Issue 22 item 4, the applicant's answer: an open offer shows Accept and Decline on the status
// card (the student's dashboard, the agent's view of a student). Accept asks first, saying what
// accepting means, the answer-by date in both zones, and the student's other open offers (any
// course) with a box each, none ticked, to decline in the same step. Decline asks to confirm.
// Both dialogs are the wizard's FormDialog (full screen on a phone, never centred: a touch fix).

type TProps = {
  state: TApplicationStatusState;
  offer: TOffer | null;
  course: string;
};

type TDialog = 'accept' | 'decline' | null;

export function OfferAnswer({ state, offer, course }: TProps) {
  const { t } = useTranslation(STATUS_NAMESPACES);
  const headingId = useId();
  const [dialog, setDialog] = useState<TDialog>(null);
  if (!isOpenOffer(state.status)) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={4} size="h6" id={headingId}>
        {t('offer.title')}
      </Title>
      <Text size="sm">{t('offer.intro')}</Text>
      {offer ? (
        <div>
          <Text size="sm" fw={600}>
            {t('offer.answerBy')}
          </Text>
          <Deadline value={offer.answerBy} />
        </div>
      ) : null}
      <Group gap="sm">
        <Button onClick={() => setDialog('accept')} aria-label={t('offer.acceptNamed', { course })}>
          {t('offer.accept')}
        </Button>
        <Button
          variant="default"
          onClick={() => setDialog('decline')}
          aria-label={t('offer.declineNamed', { course })}
        >
          {t('offer.decline')}
        </Button>
      </Group>
      {dialog ? (
        <AnswerDialog
          kind={dialog}
          state={state}
          offer={offer}
          course={course}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Stack>
  );
}

type TDialogProps = TProps & { kind: 'accept' | 'decline'; onClose: () => void };

function AnswerDialog({ kind, state, offer, course, onClose }: TDialogProps) {
  const { t } = useTranslation(STATUS_NAMESPACES);
  const queryClient = useQueryClient();
  const [ticked, setTicked] = useState<number[]>([]);
  // A fresh key per dialog: a double tap or a retry of the same answer answers once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const others = useOtherOffers(state, kind === 'accept');
  const answer = useMutation({
    mutationFn: () => {
      const body: TOfferAnswer = {
        studentCourseId: state.studentCourseId,
        version: state.version,
        answer: kind,
        declineOthers: kind === 'accept' ? ticked : [],
      };
      return api.post('/ApplicationStatus/answerOffer', body, { idempotencyKey });
    },
    onSuccess: onClose,
    onSettled: () => refreshStatuses(queryClient),
  });
  const toggle = (id: number, on: boolean) =>
    setTicked((list) => (on ? [...list, id] : list.filter((v) => v !== id)));

  return (
    <FormDialog
      title={t(kind === 'accept' ? 'offer.acceptTitle' : 'offer.declineTitle', { course })}
      onClose={onClose}
      closeLabel={t('withdraw.close')}
      busy={answer.isPending}
      size="md"
    >
      <Stack gap="md">
        {kind === 'accept' ? (
          <>
            <Text>{t('offer.acceptMeans', { course })}</Text>
            <List size="sm" spacing={4}>
              <List.Item>{t('offer.meansSeat')}</List.Item>
              <List.Item>{t('offer.meansDeposit')}</List.Item>
              <List.Item>{t('offer.meansOthers')}</List.Item>
            </List>
          </>
        ) : (
          <Text>{t('offer.declineText', { course })}</Text>
        )}
        {offer ? (
          <div>
            <Text size="sm" fw={600}>
              {t('offer.answerBy')}
            </Text>
            <Deadline value={offer.answerBy} />
          </div>
        ) : null}
        {kind === 'accept' ? (
          others.isPending ? (
            <Text size="sm" c="dimmed">
              {t('loading')}
            </Text>
          ) : others.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, others.error, 'status:offer.othersFailed')}
            </Alert>
          ) : others.list.length > 0 ? (
            <Checkbox.Group label={t('offer.othersLabel')} description={t('offer.othersHint')}>
              <Stack gap="xs" mt="xs">
                {others.list.map((o) => (
                  <Checkbox
                    key={o.studentCourseId}
                    value={String(o.studentCourseId)}
                    label={t('offer.otherName', { course: o.course, university: o.university })}
                    checked={ticked.includes(o.studentCourseId)}
                    onChange={(e) => toggle(o.studentCourseId, e.currentTarget.checked)}
                    styles={{ body: { alignItems: 'flex-start' }, label: { overflowWrap: 'anywhere' } }}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : null
        ) : null}
        {answer.isError ? (
          <Alert color="red" role="alert">
            {errorText(t, answer.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={answer.isPending} data-autofocus>
            {t('offer.cancel')}
          </Button>
          <Button
            color={kind === 'accept' ? undefined : 'red.9'}
            onClick={() => answer.mutate()}
            loading={answer.isPending}
            disabled={kind === 'accept' && others.isPending}
          >
            {t(
              kind === 'accept'
                ? ticked.length > 0
                  ? 'offer.confirmAcceptDeclining'
                  : 'offer.confirmAccept'
                : 'offer.confirmDecline',
              { count: ticked.length },
            )}
          </Button>
        </Group>
      </Stack>
    </FormDialog>
  );
}

/** The student's other open offers (any course), named from the student's application. */
function useOtherOffers(state: TApplicationStatusState, enabled: boolean) {
  const list = useQuery({
    queryKey: statusKeys.list(state.studentId),
    queryFn: ({ signal }) => fetchStatusList(state.studentId, signal),
    enabled,
  });
  const review = useQuery({
    queryKey: wizardKeys.review(state.studentId),
    queryFn: ({ signal }) => wizardApi.getReview(state.studentId, signal),
    enabled,
  });
  const names = new Map(
    (review.data?.courses ?? []).map((c) => [c.id, { course: c.course.name, university: c.university.name }]),
  );
  const others = (list.data ?? [])
    .filter((s) => s.studentCourseId !== state.studentCourseId && isOpenOffer(s.status))
    .map((s) => ({
      studentCourseId: s.studentCourseId,
      course: names.get(s.studentCourseId)?.course ?? '—',
      university: names.get(s.studentCourseId)?.university ?? '',
    }));
  return {
    isPending: list.isPending || review.isPending,
    isError: list.isError || review.isError,
    error: list.error ?? review.error,
    list: others,
  };
}
