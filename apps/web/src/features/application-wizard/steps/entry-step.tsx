import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { sortIssuesByForm, type TStoredFile } from '@uniapply/shared';
import type { TFunction } from 'i18next';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { numberValue } from '../../../components/crud/form-values';
import { DateInput } from '../../../components/forms/date-input';
import { FormDialog } from '../../../components/forms/form-dialog';
import { type TUploadState, UploadSlot } from '../../../components/forms/upload-slot';
import { ApiError, api } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { translateKey } from '../../../lib/i18n';
import { resources } from '../../../lib/resources';
import { uploadFile, uploadRefusal } from '../../../lib/upload';
import type { TStepProps } from '../step-contract';
import { wizardKeys } from '../wizard-api';

// Steps 4 to 6 save their entries one dialog at a time (spec 2.5): a list, an add/edit dialog over
// the shared entry schema, and a delete that asks first and, for entries with files, deletes the
// files before the entry (spec 4). The step is valid when its list passes the step schema.

export type TEntryRow = { id: number } & Record<string, unknown>;
export type TEntryValues = Record<string, unknown>;
type TFileState = {
  state: TUploadState;
  progress: number;
  fileName: string | null;
  fileSize?: number;
  /** Why the upload failed, translated. */
  reason?: string | null;
};

export type TEntryFields = {
  values: TEntryValues;
  set: (name: string, value: unknown) => void;
  /** The field's message (translated) once the user tried to save. */
  error: (name: string) => string | undefined;
  /** An upload slot for a file field (the value is the stored fileId). */
  file: (name: string, label: string, required: boolean) => ReactNode;
};

export type TEntryKind = {
  base: 'Qualification' | 'Language' | 'Experience' | 'Referee';
  /** `steps.<key>.*` texts: title, add, edit, empty, saveFailed, deleteFailed (and full, with `max`). */
  textKey: 'qualifications' | 'languages' | 'experience' | 'referees';
  /** No entries is fine: the list says `empty` quietly instead of asking for one. */
  optional?: boolean;
  /** At most this many entries: at the limit Add is hidden and the list says `full`. */
  max?: number;
  entry: z.ZodType;
  list: z.ZodType;
  fieldOrder: readonly string[];
  /** A stored row as the dialog's values. */
  toForm: (row: TEntryRow | null) => TEntryValues;
  /** Rows as the step schema reads them. */
  toStep?: (row: TEntryRow) => unknown;
  fields: (form: TEntryFields) => ReactNode;
  renderList: (
    rows: TEntryRow[],
    actions: { edit: (row: TEntryRow) => void; remove: (row: TEntryRow) => void },
  ) => ReactNode;
  /** Delete the entry's files first (DELETE /{base}/deleteFile/{id}). */
  hasFiles: boolean;
};

export const fileHref = (fileId: string) => `/api/Document/downloadByFileId/${encodeURIComponent(fileId)}`;

/** 'Failed to upload cv.doc.' and, when the server said why, the reason. */
export const uploadFailedText = (t: TFunction, failed: { fileName: string | null; reason?: string | null }) =>
  [t('wizard:documents.uploadFailed', { name: failed.fileName }), failed.reason].filter(Boolean).join(' ');

/** A shared-schema message key with its params (`params.field` is itself a key) in the user's language. */
export function issueText(t: TFunction, issue: { message: string; params?: Record<string, unknown> }) {
  const params = { ...(issue.params ?? {}) };
  if (typeof params.field === 'string') params.field = translateKey(t, params.field);
  return translateKey(t, issue.message, params);
}

/** A stored or typed value as an input's text. */
export const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
/** An enum index, or undefined when none is chosen. */
export const typeOf = (value: unknown) => (typeof value === 'number' ? value : undefined);

export type TEntryListProps = {
  rows: TEntryRow[];
  edit: (row: TEntryRow) => void;
  remove: (row: TEntryRow) => void;
};

/** Edit and Delete of one entry, named after it for screen readers. */
export function EntryActions({
  row,
  name,
  edit,
  remove,
  mt,
}: Omit<TEntryListProps, 'rows'> & { row: TEntryRow; name: string; mt?: 'xs' }) {
  const { t } = useTranslation('wizard');
  return (
    <Group gap="xs" wrap="nowrap" mt={mt}>
      <Button
        size="xs"
        variant="default"
        onClick={() => edit(row)}
        aria-label={t('steps.lists.editNamed', { name })}
      >
        {t('steps.lists.edit')}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        onClick={() => remove(row)}
        aria-label={t('steps.lists.deleteNamed', { name })}
      >
        {t('steps.lists.delete')}
      </Button>
    </Group>
  );
}

/** Entries as cards: a title that names the entry, the lines `describe` gives, then Edit and Delete. */
export function EntryCards({
  rows,
  edit,
  remove,
  describe,
}: TEntryListProps & { describe: (row: TEntryRow) => { name: string; body: ReactNode } }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {rows.map((row) => {
        const { name, body } = describe(row);
        return (
          <Card key={row.id} withBorder radius="md" component="article" aria-label={name}>
            <Stack gap={4}>
              <Text fw={600}>{name}</Text>
              {body}
              <EntryActions row={row} name={name} edit={edit} remove={remove} mt="xs" />
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

type TEntryInput = { form: TEntryFields; name: string; label: string; required?: boolean };

/** A text input over one of the dialog's values. */
export function EntryText({
  form,
  name,
  label,
  required,
  type,
  ...rest
}: TEntryInput & { type?: 'text' | 'date' | 'email'; autoComplete?: string; disabled?: boolean }) {
  const common = { label, required, ...rest, error: form.error(name) };
  // A date reads its day back under the device's picker, in the portal's language.
  if (type === 'date')
    return <DateInput {...common} value={text(form.values[name])} onChange={(v) => form.set(name, v)} />;
  return (
    <TextInput
      {...common}
      type={type}
      value={text(form.values[name])}
      onChange={(e) => form.set(name, e.currentTarget.value)}
    />
  );
}

/** The year of an exam: whole, not negative. */
export function EntryYear({ form }: { form: TEntryFields }) {
  const { t } = useTranslation('wizard');
  const value = form.values.yearOfExam;
  return (
    <NumberInput
      label={t('fields.yearOfExam')}
      required
      inputMode="numeric"
      allowNegative={false}
      allowDecimal={false}
      value={typeof value === 'number' ? value : text(value)}
      onChange={(v) => form.set('yearOfExam', numberValue(v))}
      error={form.error('yearOfExam')}
    />
  );
}

/** A type chosen from an enum, with the Others text when Others is chosen (switching away clears it). */
export function EntryTypeChoice({
  form,
  name,
  label,
  enumKey,
  types,
  others,
}: TEntryInput & { enumKey: string; types: readonly string[]; others: number }) {
  const { t } = useTranslation(['wizard', 'enums']);
  const type = typeOf(form.values[name]);
  return (
    <>
      <Select
        label={label}
        required
        data={types.map((key, index) => ({ value: String(index), label: t(`enums:${enumKey}.${key}`) }))}
        value={type === undefined ? null : String(type)}
        onChange={(v) => {
          const next = v === null ? undefined : Number(v);
          form.set(name, next);
          // As the relationship choice does.
          if (next !== others) form.set('others', '');
        }}
        error={form.error(name)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {type === others ? (
        <EntryText form={form} name="others" label={t('wizard:fields.others')} required />
      ) : null}
    </>
  );
}

export function EntryStep({ kind, studentId, onValidityChange }: TStepProps & { kind: TEntryKind }) {
  const { t } = useTranslation(['wizard', 'validation', 'enums']);
  const queryClient = useQueryClient();
  const key = wizardKeys.entries(kind.base, studentId);
  const rows = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.post<TEntryRow[]>(`/${kind.base}/find`, { studentId }, { signal }),
  });
  /** undefined: closed; null: adding; a row: editing it. */
  const [editing, setEditing] = useEditing();
  const deletion = useEntryDelete(kind, key);
  const texts = `steps.lists.${kind.textKey}`;

  const valid =
    rows.isSuccess && kind.list.safeParse((rows.data ?? []).map(kind.toStep ?? ((r) => r))).success;
  useEffect(() => onValidityChange(valid), [valid, onValidityChange]);

  if (rows.isPending) {
    return (
      <Group justify="center" py="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('steps.lists.loading')}</Text>
      </Group>
    );
  }

  const full = kind.max !== undefined && (rows.data?.length ?? 0) >= kind.max;
  return (
    <Stack gap="md">
      <EntryListHead texts={texts} full={full} onAdd={() => setEditing(null)} />
      {deletion.failure ? (
        <Alert color="red" role="alert">
          {deletion.failure}
        </Alert>
      ) : null}
      {rows.isError ? (
        <Alert color="red" role="alert">
          {t('steps.lists.loadFailed')}
        </Alert>
      ) : rows.data.length === 0 ? (
        <Text c={kind.optional ? 'dimmed' : 'red.8'} size="sm">
          {kind.optional ? t(`${texts}.empty`) : t('validation.addOne')}
        </Text>
      ) : (
        kind.renderList(rows.data, {
          edit: (row) => setEditing(row),
          remove: (row) => deletion.setDeleting(row),
        })
      )}

      {editing !== undefined ? (
        <EntryDialog
          kind={kind}
          studentId={studentId}
          row={editing}
          onClose={() => setEditing(undefined)}
          onSaved={async () => {
            setEditing(undefined);
            await queryClient.invalidateQueries({ queryKey: key });
          }}
        />
      ) : null}
      <DeleteEntryModal kind={kind} deletion={deletion} />
    </Stack>
  );
}

/**
 * Which entry the dialog edits (undefined: closed; null: adding), and focus back on the button
 * that opened it once it closes (the dialog unmounts, so Mantine's own focus return never runs).
 */
function useEditing() {
  const [editing, setEditingState] = useState<TEntryRow | null | undefined>(undefined);
  const opener = useRef<HTMLElement | null>(null);
  const setEditing = (next: TEntryRow | null | undefined) => {
    if (next !== undefined) opener.current = document.activeElement as HTMLElement | null;
    setEditingState(next);
    if (next === undefined) {
      // After the dialog has gone; an Add hidden at the limit is no longer there to take it.
      requestAnimationFrame(() => {
        if (opener.current?.isConnected) opener.current.focus();
      });
    }
  };
  return [editing, setEditing] as const;
}

/** The list's intro and Add; at the limit, Add gives way to why it is gone. */
function EntryListHead({ texts, full, onAdd }: { texts: string; full: boolean; onAdd: () => void }) {
  const { t } = useTranslation('wizard');
  return (
    <>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t(`${texts}.intro`)}
        </Text>
        {full ? null : (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            {t(`${texts}.add`)}
          </Button>
        )}
      </Group>
      {full ? (
        <Text size="sm" role="status">
          {t(`${texts}.full`)}
        </Text>
      ) : null}
    </>
  );
}

/** Deleting an entry: asked first; an entry with files has its files deleted before it (spec 4). */
function useEntryDelete(kind: TEntryKind, key: readonly unknown[]) {
  const { t } = useTranslation('wizard');
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<TEntryRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    if (!deleting) return;
    setBusy(true);
    setFailure(null);
    try {
      if (kind.hasFiles) await api.delete(`/${kind.base}/deleteFile/${deleting.id}`);
      await api.post(`/${kind.base}/delete`, { id: deleting.id });
      await queryClient.invalidateQueries({ queryKey: key });
    } catch {
      setFailure(t(`steps.lists.${kind.textKey}.deleteFailed`));
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };
  return { deleting, setDeleting, busy, failure, confirm };
}

function DeleteEntryModal({
  kind,
  deletion: { deleting, setDeleting, busy, confirm },
}: {
  kind: TEntryKind;
  deletion: ReturnType<typeof useEntryDelete>;
}) {
  const { t } = useTranslation('wizard');
  return (
    <Modal
      opened={deleting !== null}
      onClose={() => (busy ? undefined : setDeleting(null))}
      title={t(`steps.lists.${kind.textKey}.deleteTitle`)}
      centered
      size={440}
    >
      <Text>{t('steps.lists.confirmDelete')}</Text>
      {busy ? (
        <Text size="sm" mt="sm" role="status">
          {t('steps.lists.deleting')}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={() => setDeleting(null)} disabled={busy} data-autofocus>
          {t('steps.lists.cancel')}
        </Button>
        <Button color="red.9" onClick={() => void confirm()} loading={busy}>
          {t('steps.lists.delete')}
        </Button>
      </Group>
    </Modal>
  );
}

type TDialogProps = {
  kind: TEntryKind;
  studentId: number;
  row: TEntryRow | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
};

function EntryDialog({ kind, studentId, row, onClose, onSaved }: TDialogProps) {
  const { t } = useTranslation(['wizard', 'validation', 'enums']);
  const form = useEntryForm(kind, row);
  const uploads = useEntryUploads(kind, studentId, form.set);
  const save = useEntrySave(kind, studentId, row, onSaved);
  const texts = `steps.lists.${kind.textKey}`;

  /** The stored file's name the row carries ('certFileName' → 'certDisplayName'), while it is kept. */
  const storedName = (name: string, stored: string) => {
    const display = row && row[name] === stored ? row[name.replace(/FileName$/, 'DisplayName')] : null;
    return typeof display === 'string' && display !== '' ? display : t('steps.lists.storedFile');
  };
  const fileSlot = (name: string, label: string, required: boolean) => {
    const value = form.values[name];
    const stored = typeof value === 'string' && value !== '' ? value : null;
    return (
      <EntryFileSlot
        label={label}
        required={required}
        tracked={uploads.files[name]}
        stored={stored}
        storedName={stored ? storedName(name, stored) : null}
        error={form.errorOf(name)}
        onFile={(file) => void uploads.upload(name, file)}
      />
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const data = form.tryToSave();
    if (data !== undefined) await save.save(data);
  };

  const first = form.tried ? form.issues[0] : undefined;
  return (
    <FormDialog
      onClose={onClose}
      title={t(row ? `${texts}.edit` : `${texts}.add`)}
      size={560}
      closeLabel={t('steps.lists.close')}
      busy={save.saving}
    >
      <form ref={form.formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          {first ? (
            <Text c="red.8" size="sm" role="alert">
              {issueText(t, first as never)}
            </Text>
          ) : null}
          {save.failure ? (
            <Alert color="red" role="alert">
              {save.failure}
            </Alert>
          ) : null}
          {kind.fields({ values: form.values, set: form.set, error: form.errorOf, file: fileSlot })}
          <Group justify="flex-end" mt="md" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.saving}>
              {t('steps.lists.cancel')}
            </Button>
            <Button type="submit" loading={save.saving} disabled={uploads.uploading}>
              {t('steps.lists.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormDialog>
  );
}

/**
 * The dialog's values checked by the shared entry schema; messages show once the user tried to
 * save, and each refused save moves focus to the first invalid field (STYLE).
 */
function useEntryForm(kind: TEntryKind, row: TEntryRow | null) {
  const { t } = useTranslation(['wizard', 'validation', 'enums']);
  const [values, setValues] = useState<TEntryValues>(() => kind.toForm(row));
  const [tried, setTried] = useState(false);
  /** Bumped by each refused save: focus then moves to the first invalid field (STYLE). */
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const parsed = kind.entry.safeParse(values);
  const issues = parsed.success ? [] : sortIssuesByForm(parsed.error.issues, kind.fieldOrder);
  const errorOf = (name: string) => {
    if (!tried) return undefined;
    const issue = issues.find((i) => String(i.path[0] ?? '') === name);
    return issue ? issueText(t, issue as never) : undefined;
  };
  const set = (name: string, value: unknown) => setValues((v) => ({ ...v, [name]: value }));
  /** The parsed entry, or undefined when the schema refuses it (then focus moves). */
  const tryToSave = () => {
    setTried(true);
    if (parsed.success) return parsed.data as object;
    setRefusals((n) => n + 1);
    return undefined;
  };
  return { values, set, tried, issues, errorOf, formRef, tryToSave };
}

/** Uploads of the dialog's file fields, each tracked; a stored file's id becomes the field's value. */
function useEntryUploads(kind: TEntryKind, studentId: number, set: (name: string, value: unknown) => void) {
  const [files, setFiles] = useState<Record<string, TFileState>>({});
  const upload = async (name: string, file: File) => {
    const track = (next: TFileState) => setFiles((f) => ({ ...f, [name]: next }));
    track({ state: 'uploading', progress: 0, fileName: file.name, fileSize: file.size });
    const form = new FormData();
    form.append('studentId', String(studentId));
    form.append('DocumentTypeId', '0');
    form.append('file', file);
    try {
      const saved = await uploadFile<TStoredFile>(`/${kind.base}/upload`, form, {
        onProgress: (progress) =>
          track({ state: 'uploading', progress, fileName: file.name, fileSize: file.size }),
      });
      set(name, saved.fileId);
      track({ state: 'uploaded', progress: 100, fileName: saved.fileName });
    } catch (error) {
      track({ state: 'error', progress: 0, fileName: file.name, reason: uploadRefusal(error) });
    }
  };
  const uploading = Object.values(files).some((f) => f.state === 'uploading');
  return { files, upload, uploading };
}

/** Saves the entry once (an add with an Idempotency-Key); a failure is shown in the dialog. */
function useEntrySave(
  kind: TEntryKind,
  studentId: number,
  row: TEntryRow | null,
  onSaved: () => Promise<void>,
) {
  const { t } = useTranslation('wizard');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = async (data: object) => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    const body = { ...data, studentId, ...(row ? { id: row.id } : {}) };
    try {
      // An add carries an Idempotency-Key: a retry after a lost answer adds one row, not two.
      await (row ? resources.update(kind.base, body) : resources.create(kind.base, body));
      await onSaved();
    } catch (error) {
      // A refusal (409: the limit reached meanwhile, say) also says why, in the user's language.
      const why = error instanceof ApiError && error.status === 409 ? errorText(t, error) : null;
      setFailure([t(`steps.lists.${kind.textKey}.saveFailed`), why].filter(Boolean).join(' '));
      setSaving(false);
    }
  };
  return { saving, failure, save };
}

/** The upload slot of a file field, with the field's message under it. */
function EntryFileSlot({
  label,
  required,
  tracked,
  stored,
  storedName,
  error,
  onFile,
}: {
  label: string;
  required: boolean;
  tracked: TFileState | undefined;
  stored: string | null;
  storedName: string | null;
  error: string | undefined;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation(['wizard', 'validation', 'enums']);
  const state: TUploadState = tracked?.state ?? (stored ? 'uploaded' : 'empty');
  return (
    <Stack gap={4}>
      <UploadSlot
        label={label}
        required={required}
        state={state}
        progress={tracked?.progress}
        fileSize={tracked?.fileSize}
        fileName={tracked?.fileName ?? storedName}
        downloadHref={stored ? fileHref(stored) : null}
        error={tracked?.state === 'error' ? uploadFailedText(t, tracked) : null}
        onFile={onFile}
      />
      {error ? (
        <Text size="sm" c="red.8">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
