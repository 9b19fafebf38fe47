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
  isOpenOffer,
  STATUS_MESSAGE_MAX,
  type TApplicationStatus,
  type TApplicationStatusState,
  type TNamed,
  type TOffer,
  type TStatusMove,
  ZStatusMove,
} from '@uniapply/shared';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../components/crud/notify';
import { ApiError, api } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { newIdempotencyKey, resourceKeys, resources } from '../../lib/resources';
import { OfferTermsFields, offerDraftOf, offerTermsBody, type TOfferDraft } from './offer-terms-fields';

// The admin's status control (issue 12): only the moves the shared table allows an admin from the
// current status (never Withdrawn), a message to the applicant, the internal-note flag, and for
// Documents requested what is missing (a document type of the wizard, or free text; one row each).
// Issue 20 item 6: a double click sends one move. A second submit while one runs is ignored, and
// each move carries an Idempotency-Key (the same for the same move sent again), so even a repeat
// that reaches the server gets the first answer rather than a false "changed meanwhile".

/** The free-text choice of a request row's document select. */
export const OTHER_DOCUMENT = 'other';

type TRequestRow = { key: number; kind: string; text: string };

let nextKey = 1;
const newRow = (): TRequestRow => ({ key: nextKey++, kind: '', text: '' });

/** The move as the server takes it, from the form's values. */
export function moveBody(
  state: TApplicationStatusState,
  values: {
    to: TApplicationStatus | null;
    message: string;
    internal: boolean;
    rows: TRequestRow[];
    offer?: TOfferDraft;
  },
): unknown {
  const requested = values.to === 'documentsRequested';
  const offered = values.to !== null && isOpenOffer(values.to) && values.offer;
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
    // Issue 22: a move to an offer carries its terms.
    ...(offered ? { offer: offerTermsBody(values.offer!, values.to === 'conditionalOffer') } : {}),
  };
}

type TMoveDraft = {
  to: TApplicationStatus | null;
  message: string;
  internal: boolean;
  rows: TRequestRow[];
  offer: TOfferDraft;
};
/** A new move; its offer terms start from the application's offer when it has one (issue 22). */
const emptyDraft = (offer: TOffer | null): TMoveDraft => ({
  to: null,
  message: '',
  internal: false,
  rows: [newRow()],
  offer: offerDraftOf(offer),
});

/** The move being written, its body and validity, and the one request that sends it. */
function useStatusMove(
  state: TApplicationStatusState,
  offer: TOffer | null,
  onMoved: () => Promise<unknown>,
  onConflict: () => Promise<unknown>,
) {
  const { t } = useTranslation(['status', 'common', 'enums']);
  const [draft, setDraft] = useState<TMoveDraft>(() => emptyDraft(offer));
  const body = moveBody(state, draft);
  const valid = ZStatusMove.safeParse(body).success;
  const sending = useRef(false);
  const keyOf = useRef<{ body: string; key: string } | null>(null);
  const move = useMutation({
    mutationFn: ({ sent, key }: { sent: unknown; key: string }) =>
      api.post('/ApplicationStatus/move', sent as TStatusMove, { idempotencyKey: key }),
    onSuccess: async () => {
      notifySuccess(t, 'status.admin.moved');
      setDraft(emptyDraft(offer));
      await onMoved();
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.code === 'statusConflict') {
        setDraft((d) => ({ ...d, to: null }));
        await onConflict();
      }
    },
    onSettled: () => {
      sending.current = false;
    },
  });
  const submit = () => {
    if (!valid || sending.current) return;
    sending.current = true;
    const json = JSON.stringify(body);
    if (keyOf.current?.body !== json) keyOf.current = { body: json, key: newIdempotencyKey() };
    move.mutate({ sent: body, key: keyOf.current.key });
  };
  return { draft, setDraft, valid, move, submit };
}

export function StatusMoveForm({
  state,
  offer,
  onMoved,
  onConflict,
}: {
  state: TApplicationStatusState;
  /** The application's offer: a move to an offer starts from its terms. */
  offer: TOffer | null;
  onMoved: () => Promise<unknown>;
  onConflict: () => Promise<unknown>;
}) {
  const { t } = useTranslation(['status', 'common', 'enums']);
  const { draft, setDraft, valid, move, submit } = useStatusMove(state, offer, onMoved, onConflict);
  const moves = adminMovesFrom(state.status);
  const requested = draft.to === 'documentsRequested';
  const change = (part: Partial<TMoveDraft>) => setDraft((d) => ({ ...d, ...part }));

  if (moves.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('admin.final')}
      </Text>
    );

  return (
    <Stack
      component="form"
      gap="sm"
      maw={720}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <MoveProblem error={move.error} current={state.status} />
      <Select
        label={t('admin.moveTo')}
        placeholder={t('admin.choose')}
        data={moves.map((s) => ({ value: s, label: t(`labels.${s}`) }))}
        value={draft.to}
        onChange={(value) => {
          const to = value as TApplicationStatus | null;
          // Entering the offer's terms: from the offer as it is now (it may have changed meanwhile).
          const entering = to !== null && isOpenOffer(to) && !(draft.to !== null && isOpenOffer(draft.to));
          change({ to, ...(entering ? { offer: offerDraftOf(offer) } : {}) });
          move.reset();
        }}
        allowDeselect={false}
      />
      {requested ? (
        <RequestRows rows={draft.rows} setRows={(rows) => setDraft((d) => ({ ...d, rows: rows(d.rows) }))} />
      ) : null}
      {draft.to !== null && isOpenOffer(draft.to) ? (
        <OfferTermsFields
          draft={draft.offer}
          conditional={draft.to === 'conditionalOffer'}
          onChange={(offer) => setDraft((d) => ({ ...d, offer: offer(d.offer) }))}
        />
      ) : null}
      <Textarea
        label={t('admin.message')}
        description={t(draft.internal && !requested ? 'admin.messageInternal' : 'admin.messageHint')}
        value={draft.message}
        maxLength={STATUS_MESSAGE_MAX}
        autosize
        minRows={2}
        onChange={(event) => change({ message: event.currentTarget.value })}
      />
      <Checkbox
        label={t('admin.internal')}
        description={requested ? t('admin.internalNotForRequests') : undefined}
        checked={draft.internal && !requested}
        disabled={requested}
        onChange={(event) => change({ internal: event.currentTarget.checked })}
      />
      <Button type="submit" disabled={!valid} loading={move.isPending} style={{ alignSelf: 'flex-start' }}>
        {t('admin.submit')}
      </Button>
    </Stack>
  );
}

/** A refused move in words: a conflict names where the application stands now. */
function MoveProblem({ error, current }: { error: Error | null; current: TApplicationStatus }) {
  const { t } = useTranslation(['status', 'common', 'enums']);
  if (!error) return null;
  const conflict = error instanceof ApiError && error.code === 'statusConflict' ? error : null;
  return (
    <Alert color="red" role="alert">
      {conflict
        ? t('admin.conflict', { current: t(`labels.${String(conflict.params.current ?? current)}`) })
        : t('admin.moveFailed', { message: errorText(t, error) })}
    </Alert>
  );
}

/** A documents request's rows: a document type or free text each, added and removed. */
function RequestRows({
  rows,
  setRows,
}: {
  rows: TRequestRow[];
  setRows: (change: (rows: TRequestRow[]) => TRequestRow[]) => void;
}) {
  const { t } = useTranslation(['status', 'common', 'enums']);
  const requestsId = useId();
  const types = useQuery({
    queryKey: resourceKeys.allRows('DocumentType'),
    queryFn: ({ signal }) => resources.getAll<TNamed>('DocumentType', { signal }),
  });
  const typeOptions = [
    ...(types.data ?? []).map((d) => ({ value: String(d.id), label: documentTypeName(d, (key) => t(key)) })),
    { value: OTHER_DOCUMENT, label: t('admin.requests.other') },
  ];
  const setRow = (key: number, change: Partial<TRequestRow>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  return (
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
  );
}
