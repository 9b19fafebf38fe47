import { ActionIcon, Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCircleCheck, IconClock, IconDownload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  documentRequestName,
  type TApplicationStatusState,
  type TDocumentRequest,
  type TStatusHistoryEntry,
  UNDO_WINDOW_MS,
} from '@uniapply/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../components/crud/notify';
import { api } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { formatIn } from '../../lib/format';
import { resourceKeys } from '../../lib/resources';
import {
  NextSteps,
  OfferLetterLink,
  refreshStatuses,
  StatusDetailLayout,
  StatusTimeline,
  useStatusDetail,
} from '../application-status';
import { useSession } from '../auth';
import { downloadStoredFile } from './downloads';
import { IntakeDeferral } from './intake-deferral';
import { OfferAdmin } from './offer-admin';
import { StatusMoveForm } from './status-move-form';

// The status of the selected application on the admin's Application Forms screen (issue 12): the
// badge, the control to move it, Undo of the admin's own last move, the document requests with
// their answers, and the history with internal notes. The hub's ApplicationChanged refreshes it
// (every ['ApplicationStatus', …] query), and a changed version refreshes the grid's Status column.

/**
 * The history entry the admin `userId` may undo now, as the server decides it: the newest entry,
 * theirs, a move (not the entry into the pipeline, not itself an undo), not undone, younger than
 * 24 hours, and still the current status.
 */
export function undoableEntry(
  history: TStatusHistoryEntry[],
  state: TApplicationStatusState,
  userId: number | undefined,
  now = Date.now(),
): TStatusHistoryEntry | undefined {
  const last = history.reduce<TStatusHistoryEntry | undefined>(
    (a, e) => (!a || e.id > a.id ? e : a),
    undefined,
  );
  if (!last || userId === undefined) return undefined;
  const fresh = now - new Date(last.at).getTime() < UNDO_WINDOW_MS;
  const ok =
    last.byUserId === userId &&
    last.from !== null &&
    last.from !== last.to && // a deferral to a later intake (issue 21) is not undone
    last.undoes === null &&
    !last.undone &&
    last.to === state.status &&
    fresh;
  return ok ? last : undefined;
}

export function ApplicationStatusPanel({ studentCourseId }: { studentCourseId: number }) {
  const { t, i18n } = useTranslation(['status', 'applicationForms']);
  const headingId = useId();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const detail = useStatusDetail(studentCourseId);
  const version = detail.data?.state.version;
  // A change seen here (ours, another admin's, the applicant's upload) also changes the grid's row;
  // merely selecting a row (its first load) does not.
  const seen = useRef<{ id: number; version: number } | null>(null);
  useEffect(() => {
    if (version === undefined) return;
    const before = seen.current;
    if (before?.id === studentCourseId && before.version !== version)
      void queryClient.invalidateQueries({ queryKey: resourceKeys.lists('ApplicationForm') });
    seen.current = { id: studentCourseId, version };
  }, [studentCourseId, version, queryClient]);
  const refresh = () => refreshStatuses(queryClient);
  const format = formatIn(i18n.language);

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <StatusDetailLayout
        detail={detail}
        heading={
          <Title order={2} size="h4" id={headingId}>
            {t('admin.title')}
          </Title>
        }
        besideBadge={(state) =>
          state.updatedAt ? (
            <Text size="sm" c="dimmed">
              {t('admin.since', { date: format.dateTime(state.updatedAt) })}
            </Text>
          ) : null
        }
      >
        {({ state, history, requests, offer }) => (
          <>
            <OfferAdmin offer={offer} status={state.status} version={state.version} />
            <OfferLetterLink studentCourseId={studentCourseId} offer={offer} />
            <StatusMoveForm state={state} offer={offer} onMoved={refresh} onConflict={refresh} />
            <Undo state={state} entry={undoableEntry(history, state, user?.userId)} onDone={refresh} />
            <IntakeDeferral state={state} onDone={refresh} />
            <NextSteps state={state} history={history} admin />
            <Requests requests={requests} />
            <StatusTimeline entries={history} admin />
          </>
        )}
      </StatusDetailLayout>
    </Paper>
  );
}

function Undo({
  state,
  entry,
  onDone,
}: {
  state: TApplicationStatusState;
  entry: TStatusHistoryEntry | undefined;
  onDone: () => Promise<unknown>;
}) {
  const { t } = useTranslation('status');
  const [opened, setOpened] = useState(false);
  const undo = useMutation({
    mutationFn: () =>
      api.post('/ApplicationStatus/undo', { studentCourseId: state.studentCourseId, version: state.version }),
    onSuccess: () => {
      setOpened(false);
      notifySuccess(t, 'status.admin.undo.done');
    },
    onSettled: () => onDone(),
  });
  if (!entry) return null;
  const close = () => {
    setOpened(false);
    undo.reset();
  };
  const labels = { from: t(`labels.${entry.to}`), to: t(`labels.${entry.from ?? 'submitted'}`) };
  return (
    <>
      <Button
        variant="default"
        style={{ alignSelf: 'flex-start' }}
        leftSection={<IconArrowBackUp size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('admin.undo.button', labels)}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('admin.undo.title')}
        centered
        closeButtonProps={{ 'aria-label': t('admin.undo.close') }}
      >
        <Stack gap="sm">
          <Text>{t('admin.undo.text', labels)}</Text>
          {undo.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, undo.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={undo.isPending} data-autofocus>
              {t('admin.undo.cancel')}
            </Button>
            <Button onClick={() => undo.mutate()} loading={undo.isPending}>
              {t('admin.undo.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function Requests({ requests }: { requests: TDocumentRequest[] }) {
  const { t, i18n } = useTranslation(['status', 'applicationForms', 'enums']);
  const requestName = (r: TDocumentRequest) => documentRequestName(r, (key) => t(key));
  const headingId = useId();
  if (requests.length === 0) return null;
  const format = formatIn(i18n.language);
  const open = requests.filter((r) => !r.answeredAt).length;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h6" id={headingId}>
        {t('admin.requests.listTitle', { open })}
      </Title>
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
        {requests.map((r) => (
          <Group component="li" key={r.id} gap="xs" wrap="nowrap" align="flex-start">
            {r.answeredAt ? (
              <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />
            ) : (
              <IconClock size={18} color="var(--mantine-color-orange-9)" aria-hidden />
            )}
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {requestName(r)}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {r.answeredAt
                  ? t('admin.requests.answered', {
                      file: r.fileName ?? '',
                      date: format.dateTime(r.answeredAt),
                    })
                  : t('admin.requests.open', { date: format.dateTime(r.createdAt) })}
              </Text>
            </div>
            {r.fileId ? (
              <ActionIcon
                variant="subtle"
                aria-label={t('admin.requests.download', { name: requestName(r), file: r.fileName ?? '' })}
                onClick={() => downloadStoredFile(t, { fileId: r.fileId, name: r.fileName })}
              >
                <IconDownload size={18} aria-hidden />
              </ActionIcon>
            ) : null}
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
