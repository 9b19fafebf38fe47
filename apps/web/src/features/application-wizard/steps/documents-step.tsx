import { Alert, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DOCUMENT_TYPES,
  documentTypeName,
  missingDocuments,
  OPTIONAL_DOCUMENT_TYPE_ID,
} from '@uniapply/shared';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TUploadState, UploadSlot } from '../../../components/forms/upload-slot';
import { api } from '../../../lib/api';
import { resourceKeys, resources } from '../../../lib/resources';
import { uploadFile, uploadRefusal } from '../../../lib/upload';
import type { TStepProps } from '../step-contract';
import { uploadFailedText } from './entry-step';

// Step 7, supporting documents (spec 2.5, 5): one slot per document type; every type but the
// health examination (4) needs a file before Next. Each upload is saved at once.

/** The slot that offers the phone's camera (spec 3: Passport Photo). */
const PASSPORT_PHOTO_TYPE_ID = DOCUMENT_TYPES[0].id;

type TDocumentRow = { id: number; documentTypeId: number; fileId: string; fileName: string | null };
type TUploaded = { id: number; docPath: string; fileId: string; fileName: string };
type TSlotActivity = {
  state: 'uploading' | 'error';
  progress: number;
  fileName: string;
  fileSize?: number;
  reason?: string | null;
};

export const documentKeys = {
  list: (studentId: number) => ['Document', 'list', studentId] as const,
};

export const downloadHref = (fileId: string) =>
  `/api/Document/downloadByFileId/${encodeURIComponent(fileId)}`;

type TDocumentType = { id: number; name: string };

/** The step's data and its two actions: the types, the saved documents, uploads under way. */
function useDocumentSlots(studentId: number) {
  const queryClient = useQueryClient();
  const types = useQuery({
    queryKey: resourceKeys.allRows('DocumentType'),
    queryFn: ({ signal }) => resources.getAll<TDocumentType>('DocumentType', { signal }),
  });
  const rows = useQuery({
    queryKey: documentKeys.list(studentId),
    queryFn: ({ signal }) => api.get<TDocumentRow[]>(`/Document/list?studentId=${studentId}`, { signal }),
  });
  const [activity, setActivity] = useState<Record<number, TSlotActivity>>({});
  const [deleting, setDeleting] = useState<number | null>(null);

  const setSlot = (typeId: number, next: TSlotActivity | null) =>
    setActivity((all) => {
      const { [typeId]: _, ...rest } = all;
      return next ? { ...rest, [typeId]: next } : rest;
    });

  const upload = async (typeId: number, file: File) => {
    setSlot(typeId, { state: 'uploading', progress: 0, fileName: file.name, fileSize: file.size });
    const form = new FormData();
    form.append('studentId', String(studentId));
    form.append('DocumentTypeId', String(typeId));
    form.append('file', file);
    try {
      const saved = await uploadFile<TUploaded>('/Document/upload', form, {
        onProgress: (progress) =>
          setSlot(typeId, { state: 'uploading', progress, fileName: file.name, fileSize: file.size }),
      });
      queryClient.setQueryData<TDocumentRow[]>(documentKeys.list(studentId), (old = []) => [
        ...old.filter((d) => d.documentTypeId !== typeId),
        { id: saved.id, documentTypeId: typeId, fileId: saved.fileId, fileName: saved.fileName },
      ]);
      setSlot(typeId, null);
    } catch (error) {
      setSlot(typeId, { state: 'error', progress: 0, fileName: file.name, reason: uploadRefusal(error) });
    }
  };

  const remove = async (row: TDocumentRow) => {
    setDeleting(row.documentTypeId);
    try {
      await api.delete(`/Document/delete/${row.id}`);
      queryClient.setQueryData<TDocumentRow[]>(documentKeys.list(studentId), (old = []) =>
        old.filter((d) => d.id !== row.id),
      );
    } catch {
      setSlot(row.documentTypeId, { state: 'error', progress: 0, fileName: row.fileName ?? '' });
    } finally {
      setDeleting(null);
    }
  };

  return { types, rows, activity, deleting, upload, remove };
}

type TSlots = ReturnType<typeof useDocumentSlots>;

/** One upload slot per document type, named in the reader's language (a fixed type) or as stored. */
function DocumentSlots({ slots, types, t }: { slots: TSlots; types: TDocumentType[]; t: TFunction }) {
  const documents = slots.rows.data ?? [];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {types.map((type) => {
        const row = documents.find((d) => d.documentTypeId === type.id);
        const busy = slots.activity[type.id];
        const state: TUploadState = busy?.state ?? (row ? 'uploaded' : 'empty');
        return (
          <UploadSlot
            key={type.id}
            label={documentTypeName(type, (key) => t(key))}
            required={type.id !== OPTIONAL_DOCUMENT_TYPE_ID}
            camera={type.id === PASSPORT_PHOTO_TYPE_ID}
            state={state}
            progress={busy?.progress}
            fileName={busy?.fileName ?? row?.fileName ?? null}
            fileSize={busy?.fileSize}
            downloadHref={row ? downloadHref(row.fileId) : null}
            error={busy?.state === 'error' ? uploadFailedText(t, busy) : null}
            disabled={slots.deleting === type.id}
            onFile={(file) => void slots.upload(type.id, file)}
            onDelete={row ? () => void slots.remove(row) : undefined}
          />
        );
      })}
    </SimpleGrid>
  );
}

export function DocumentsStep({ studentId, onValidityChange }: TStepProps) {
  const { t } = useTranslation(['wizard', 'enums']);
  const slots = useDocumentSlots(studentId);
  const { types, rows } = slots;
  const missing = types.data
    ? missingDocuments(
        (rows.data ?? []).map((d) => ({ documentTypeId: d.documentTypeId, id: d.id, docPath: d.fileId })),
        types.data,
      )
    : null;
  const valid = missing !== null && rows.isSuccess && missing.length === 0;
  useEffect(() => onValidityChange(valid), [valid, onValidityChange]);

  if (types.isPending || rows.isPending) {
    return (
      <Stack align="center" py="xl" role="status">
        <Loader aria-hidden />
        <Text>{t('documents.loading')}</Text>
      </Stack>
    );
  }
  if (types.isError || rows.isError) {
    return (
      <Alert color="red" role="alert">
        {t('documents.loadFailed')}
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('documents.intro')}
      </Text>
      <DocumentSlots slots={slots} types={types.data} t={t} />
      {slots.deleting !== null ? (
        <Text size="sm" role="status">
          {t('steps.lists.deleting')}
        </Text>
      ) : null}
      {missing && missing.length > 0 ? (
        <Text c="red.8" size="sm">
          {t('validation.uploadDocuments')}
        </Text>
      ) : null}
    </Stack>
  );
}
