import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  adminMovesFrom,
  documentTypeName,
  STATUS_MESSAGE_MAX,
  type TApplicationStatus,
  type TApplicationStatusState,
  type TStatusMove,
  ZStatusMove,
} from '@uniapply/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../components/crud/notify';
import { ApiError, api } from '../../lib/api';
import { resourceKeys, resources } from '../../lib/resources';

// The admin's status control (issue 12): only the moves the shared table allows an admin from the
// current status (never Withdrawn), a message to the applicant, the internal-note flag, and for
// Documents requested what is missing (a document type of the wizard, or free text; one row each).

/** The free-text choice of a request row's document select. */
export const OTHER_DOCUMENT = 'other';

type TRequestRow = { key: number; kind: string; text: string };

let nextKey = 1;
const newRow = (): TRequestRow => ({ key: nextKey++, kind: '', text: '' });

/** The move as the server takes it, from the form's values. */
export function moveBody(
  state: TApplicationStatusState,
  values: { to: TApplicationStatus | null; message: string; internal: boolean; rows: TRequestRow[] },
): unknown {
  const requested = values.to === 'documentsRequested';
  return {
    studentCourseId: state.studentCourseId,
    to: values.to,
    version: state.version,
    ...(values.message.trim() ? { message: values.message } : {}),
    internal: requested ? false : values.internal,
    ...(requested
      ? {
          requests: values.rows.map((r) =>
            r.kind === OTHER_DOCUMENT
              ? { text: r.text }
              : { documentTypeId: r.kind ? Number(r.kind) : undefined },
          ),
        }
      : {}),
  };
}

export function StatusMoveForm({
  state,
  onMoved,
  onConflict,
}: {
  state: TApplicationStatusState;
  onMoved: () => Promise<unknown>;
  onConflict: () => Promise<unknown>;
}) {
  const { t } = useTranslation(['status', 'common', 'enums']);
  const requestsId = useId();
  const [to, setTo] = useState<TApplicationStatus | null>(null);
  const [message, setMessage] = useState('');
  const [internal, setInternal] = useState(false);
  const [rows, setRows] = useState<TRequestRow[]>(() => [newRow()]);
  const moves = adminMovesFrom(state.status);
  const requested = to === 'documentsRequested';
  const types = useQuery({
    queryKey: resourceKeys.allRows('DocumentType'),
    queryFn: ({ signal }) => resources.getAll<{ id: number; name: string }>('DocumentType', { signal }),
    enabled: requested,
  });

  const body = moveBody(state, { to, message, internal, rows });
  const valid = ZStatusMove.safeParse(body).success;
  const move = useMutation({
    mutationFn: () => api.post('/ApplicationStatus/move', body as TStatusMove),
    onSuccess: async () => {
      notifySuccess(t, 'status.admin.moved');
      setTo(null);
      setMessage('');
      setInternal(false);
      setRows([newRow()]);
      await onMoved();
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.code === 'statusConflict') {
        setTo(null);
        await onConflict();
      }
    },
  });

  if (moves.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('admin.final')}
      </Text>
    );

  const conflict = move.error instanceof ApiError && move.error.code === 'statusConflict' ? move.error : null;
  const typeOptions = [
    ...(types.data ?? []).map((d) => ({ value: String(d.id), label: documentTypeName(d, (key) => t(key)) })),
    { value: OTHER_DOCUMENT, label: t('admin.requests.other') },
  ];
  const setRow = (key: number, change: Partial<TRequestRow>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  return (
    <Stack
      component="form"
      gap="sm"
      maw={720}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) move.mutate();
      }}
    >
      {conflict ? (
        <Alert color="red" role="alert">
          {t('admin.conflict', {
            current: t(`labels.${String(conflict.params.current ?? state.status)}`),
          })}
        </Alert>
      ) : move.isError ? (
        <Alert color="red" role="alert">
          {t('admin.moveFailed', { message: move.error.message })}
        </Alert>
      ) : null}
      <Select
        label={t('admin.moveTo')}
        placeholder={t('admin.choose')}
        data={moves.map((s) => ({ value: s, label: t(`labels.${s}`) }))}
        value={to}
        onChange={(value) => {
          setTo(value as TApplicationStatus | null);
          move.reset();
        }}
        allowDeselect={false}
      />
      {requested ? (
        <Stack gap="xs" component="fieldset" aria-labelledby={requestsId} m={0} p={0} style={{ border: 0 }}>
          <Text component="legend" id={requestsId} fw={500} size="sm" p={0}>
            {t('admin.requests.title')}
          </Text>
          {types.isError ? (
            <Alert color="yellow" role="alert">
              {t('admin.requests.typesFailed')}
            </Alert>
          ) : null}
          {rows.map((row, i) => (
            <Group key={row.key} gap="xs" align="flex-end" wrap="wrap">
              <Select
                style={{ flex: '1 1 12rem' }}
                label={t('admin.requests.document', { n: i + 1 })}
                placeholder={t('admin.choose')}
                data={typeOptions}
                value={row.kind || null}
                onChange={(value) => setRow(row.key, { kind: value ?? '' })}
                allowDeselect={false}
              />
              {row.kind === OTHER_DOCUMENT ? (
                <TextInput
                  style={{ flex: '2 1 14rem' }}
                  label={t('admin.requests.describe', { n: i + 1 })}
                  value={row.text}
                  maxLength={500}
                  onChange={(event) => setRow(row.key, { text: event.currentTarget.value })}
                />
              ) : null}
              {rows.length > 1 ? (
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  size="lg"
                  aria-label={t('admin.requests.remove', { n: i + 1 })}
                  onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              ) : null}
            </Group>
          ))}
          {rows.length < 20 ? (
            <Button
              variant="subtle"
              size="compact-sm"
              style={{ alignSelf: 'flex-start' }}
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setRows((all) => [...all, newRow()])}
            >
              {t('admin.requests.add')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      <Textarea
        label={t('admin.message')}
        description={t(internal && !requested ? 'admin.messageInternal' : 'admin.messageHint')}
        value={message}
        maxLength={STATUS_MESSAGE_MAX}
        autosize
        minRows={2}
        onChange={(event) => setMessage(event.currentTarget.value)}
      />
      <Checkbox
        label={t('admin.internal')}
        description={requested ? t('admin.internalNotForRequests') : undefined}
        checked={internal && !requested}
        disabled={requested}
        onChange={(event) => setInternal(event.currentTarget.checked)}
      />
      <Button type="submit" disabled={!valid} loading={move.isPending} style={{ alignSelf: 'flex-start' }}>
        {t('admin.submit')}
      </Button>
    </Stack>
  );
}
