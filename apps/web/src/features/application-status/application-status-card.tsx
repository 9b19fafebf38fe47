import { Alert, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  documentRequestName,
  isFinalStatus,
  mayReplaceAnswer,
  mayWithdraw,
  type TApplicationStatusState,
  type TDocumentRequest,
} from '@uniapply/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadSlot } from '../../components/forms/upload-slot';
import { api } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { STATUS_NAMESPACES } from './namespaces';
import { NextSteps } from './next-steps';
import { OfferAnswer } from './offer-answer';
import { OfferLetterLink } from './offer-letter-link';
import { OfferSection } from './offer-section';
import { refreshStatuses } from './status-api';
import { StatusDetailLayout, useStatusDetail } from './status-detail-layout';
import { StatusTimeline } from './status-timeline';
import { useUploadSlot } from './use-upload-slot';

// Issue 12, the applicant side: one application's status, its timeline (newest first), the
// document requests with an upload slot each, and Withdraw (issue 22: an open offer's Accept and
// Decline first). The same card on the student's
// dashboard and in the agent's Details panel.

type TProps = {
  studentCourseId: number;
  course: string;
  university: string;
  /** The card's element id, for links to it (`#application-<studentCourseId>` on the dashboard). */
  anchorId?: string;
};

export function ApplicationStatusCard({ studentCourseId, course, university, anchorId }: TProps) {
  const titleId = useId();
  const detail = useStatusDetail(studentCourseId);

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-labelledby={titleId}
      id={anchorId}
      tabIndex={anchorId ? -1 : undefined}
    >
      <StatusDetailLayout
        detail={detail}
        heading={
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {course}
            </Title>
            <Text size="sm" c="dimmed">
              {university}
            </Text>
          </div>
        }
      >
        {({ requests, history, state, offer }) => (
          <>
            <OfferSection studentCourseId={studentCourseId} />
            <OfferAnswer state={state} offer={offer} course={course} />
            <OfferLetterLink studentCourseId={studentCourseId} offer={offer} />
            <Requests requests={requests} replaceable={mayReplaceAnswer(state.status)} />
            <NextSteps state={state} history={history} />
            <StatusTimeline entries={history} />
            <Withdraw state={state} course={course} />
          </>
        )}
      </StatusDetailLayout>
    </Card>
  );
}

/**
 * The requests: an open one has its upload slot; an answered one shows its file, and while the
 * application waits for a decision (mayReplaceAnswer, issue 20 item 6) a slot to replace it.
 */
function Requests({ requests, replaceable }: { requests: TDocumentRequest[]; replaceable: boolean }) {
  const { t } = useTranslation(STATUS_NAMESPACES);
  const requestName = (r: TDocumentRequest) => documentRequestName(r, (key) => t(key));
  const headingId = useId();
  if (requests.length === 0) return null;
  const open = requests.filter((r) => !r.answeredAt);
  const answered = requests.filter((r) => r.answeredAt);
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={4} size="h6" id={headingId}>
        {t('requests.title')}
      </Title>
      {open.length > 0 ? (
        <Text size="sm">{t('requests.intro', { count: open.length })}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('requests.allAnswered')}
        </Text>
      )}
      {open.map((r) => (
        <RequestSlot key={r.id} request={r} />
      ))}
      {answered.map((r) =>
        replaceable ? (
          <RequestSlot key={r.id} request={r} />
        ) : (
          <Group key={r.id} gap="xs" wrap="nowrap" align="flex-start">
            <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('requests.answered', { name: requestName(r), file: r.fileName ?? '' })}
            </Text>
          </Group>
        ),
      )}
    </Stack>
  );
}

function RequestSlot({ request }: { request: TDocumentRequest }) {
  const { t } = useTranslation(STATUS_NAMESPACES);
  // An answered request starts as uploaded, with its file: the slot then offers Replace.
  const slot = useUploadSlot({
    url: `/DocumentRequest/upload?requestId=${request.id}`,
    uploaded: Boolean(request.answeredAt),
    storedName: request.fileName,
    failedText: t('requests.uploadFailed'),
  });
  return <UploadSlot label={documentRequestName(request, (key) => t(key))} required {...slot} />;
}

function Withdraw({ state, course }: { state: TApplicationStatusState; course: string }) {
  const { t } = useTranslation(STATUS_NAMESPACES);
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const withdraw = useMutation({
    mutationFn: () =>
      api.post('/ApplicationStatus/withdraw', {
        studentCourseId: state.studentCourseId,
        version: state.version,
      }),
    onSuccess: () => setOpened(false),
    onSettled: () => refreshStatuses(queryClient),
  });
  if (isFinalStatus(state.status))
    return (
      <Text size="sm" c="dimmed">
        {t('withdraw.final')}
      </Text>
    );
  if (!mayWithdraw(state.status)) return null;
  const close = () => {
    setOpened(false);
    withdraw.reset();
  };
  return (
    <>
      <Button
        variant="default"
        color="red"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => setOpened(true)}
        aria-label={t('withdraw.buttonNamed', { course })}
      >
        {t('withdraw.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('withdraw.title')}
        centered
        closeButtonProps={{ 'aria-label': t('withdraw.close') }}
      >
        <Stack gap="sm">
          <Text>{t('withdraw.text', { course })}</Text>
          {withdraw.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, withdraw.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={withdraw.isPending} data-autofocus>
              {t('withdraw.cancel')}
            </Button>
            <Button color="red.9" onClick={() => withdraw.mutate()} loading={withdraw.isPending}>
              {t('withdraw.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
