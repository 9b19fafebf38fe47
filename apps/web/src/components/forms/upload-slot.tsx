import { Anchor, Button, Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconCamera,
  IconCircleCheck,
  IconDownload,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { formatNumber, UPLOAD_EXTENSIONS } from '@uniapply/shared';
import type { TFunction } from 'i18next';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typesText, useAppConfig } from '../../lib/app-config';

// One file slot (spec 4: empty, uploading, uploaded, error): the caller uploads and tells the slot
// its state; the slot picks the file, checks its type (the server checks the content too) and
// shows the name, the progress, the way to replace, delete or download it.

export type TUploadState = 'empty' | 'uploading' | 'uploaded' | 'error';

export type TUploadSlotProps = {
  /** The slot's name as the user reads it, e.g. 'Passport Photo'. */
  label: string;
  state: TUploadState;
  /** 0 to 100 while uploading. */
  progress?: number;
  fileName?: string | null;
  /** Bytes of the file being sent (shown beside its name while uploading). */
  fileSize?: number | null;
  downloadHref?: string | null;
  /** The failure text, shown in the error state. */
  error?: string | null;
  required?: boolean;
  /** Offer the phone's (front) camera as a second way to pick a photo. */
  camera?: boolean;
  disabled?: boolean;
  onFile: (file: File) => void;
  onDelete?: () => void;
};

export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

export function isAcceptedFile(name: string): boolean {
  const dot = name.lastIndexOf('.');
  const extension = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

/** 420 KB, 2.5 MB: in the user's language. */
function sizeText(t: TFunction, bytes: number): string {
  return bytes < 1024 * 1024
    ? t('documents.slot.sizeKb', { size: Math.max(1, Math.round(bytes / 1024)) })
    : t('documents.slot.sizeMb', { size: (bytes / (1024 * 1024)).toFixed(1) });
}

export function UploadSlot(props: TUploadSlotProps) {
  const { label, state, progress = 0, fileName, fileSize, downloadHref, error, required } = props;
  const { t } = useTranslation('wizard');
  const pick = useFilePick(props.onFile);
  const labelId = useId();
  const busy = state === 'uploading';
  const message = pick.rejected ?? (state === 'error' ? error : null);

  return (
    <Paper withBorder p="md" radius="md" role="group" aria-labelledby={labelId} aria-busy={busy}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} id={labelId}>
            {label}
            {required ? null : (
              <Text span c="dimmed" size="sm">
                {` (${t('documents.slot.optional')})`}
              </Text>
            )}
          </Text>
          {busy ? <Loader size="sm" aria-hidden /> : null}
          {state === 'uploaded' && !pick.rejected ? (
            <IconCircleCheck color="var(--mantine-color-green-7)" aria-label={t('documents.slot.uploaded')} />
          ) : null}
          {message ? (
            <IconAlertCircle color="var(--mantine-color-red-7)" aria-label={t('documents.slot.failed')} />
          ) : null}
        </Group>
        <SlotFile
          state={state}
          fileName={fileName}
          fileSize={fileSize}
          downloadHref={downloadHref}
          hasMessage={Boolean(message)}
        />
        <Text size="sm" c="dimmed">
          {t('documents.slot.limits', { types: pick.types, limitMb: pick.limitMb })}
        </Text>
        {busy ? <SlotProgress label={label} progress={progress} /> : null}
        {message ? (
          <Text size="sm" c="red.8" role="alert">
            {message}
          </Text>
        ) : null}
        <SlotActions {...props} onPicked={pick.picked} />
      </Stack>
    </Paper>
  );
}

/**
 * Checks a picked file's type and size before it is sent: the limit the server publishes, stated
 * on every slot and checked here (issue 18 item 5); a refused file's reason is `rejected`.
 */
function useFilePick(onFile: (file: File) => void) {
  const { t, i18n } = useTranslation('wizard');
  const limits = useAppConfig();
  const limitMb = formatNumber(limits.uploadMaxMb, i18n.language);
  const types = typesText(limits.uploadTypes);
  const [rejected, setRejected] = useState<string | null>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    if (!isAcceptedFile(file.name)) {
      setRejected(t('documents.slot.wrongType', { name: file.name, types }));
      return;
    }
    if (file.size > limits.uploadMaxBytes) {
      setRejected(t('documents.slot.tooLarge', { name: file.name, limitMb }));
      return;
    }
    setRejected(null);
    onFile(file);
  };
  return { rejected, picked, types, limitMb };
}

/** The file's name (a download link once uploaded, with its size while sending), or "none". */
function SlotFile({
  state,
  fileName,
  fileSize,
  downloadHref,
  hasMessage,
}: Pick<TUploadSlotProps, 'state' | 'fileName' | 'fileSize' | 'downloadHref'> & { hasMessage: boolean }) {
  const { t } = useTranslation('wizard');
  if (fileName && state !== 'empty')
    return (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {downloadHref && state === 'uploaded' ? (
          <Anchor href={downloadHref} download>
            <IconDownload size={14} aria-hidden /> {fileName}
          </Anchor>
        ) : (
          fileName
        )}
        {state === 'uploading' && fileSize ? ` · ${sizeText(t, fileSize)}` : null}
      </Text>
    );
  if (state === 'empty' && !hasMessage)
    return (
      <Text size="sm" c="dimmed">
        {t('documents.slot.none')}
      </Text>
    );
  return null;
}

function SlotProgress({ label, progress }: { label: string; progress: number }) {
  const { t } = useTranslation('wizard');
  return (
    <>
      <Text size="sm" aria-live="polite">
        {t('steps.lists.uploading')}
      </Text>
      <Progress.Root size="md">
        <Progress.Section
          value={progress}
          animated
          aria-label={t('documents.slot.progress', { name: label })}
        />
      </Progress.Root>
    </>
  );
}

/** The hidden file inputs and the Upload (Replace), Take a photo and Delete buttons. */
function SlotActions({
  label,
  state,
  camera,
  onDelete,
  onPicked,
  ...props
}: TUploadSlotProps & { onPicked: (event: ChangeEvent<HTMLInputElement>) => void }) {
  const { t } = useTranslation('wizard');
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const disabled = state === 'uploading' || props.disabled;
  const uploaded = state === 'uploaded';
  return (
    <>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept={UPLOAD_ACCEPT}
        aria-label={t('documents.slot.choose', { name: label })}
        disabled={disabled}
        onChange={onPicked}
      />
      {camera ? (
        <input
          ref={cameraInput}
          type="file"
          hidden
          accept="image/*"
          capture="user"
          aria-label={t('documents.slot.camera', { name: label })}
          disabled={disabled}
          onChange={onPicked}
        />
      ) : null}
      <Group gap="xs">
        <Button
          size="sm"
          variant={uploaded ? 'default' : 'filled'}
          leftSection={<IconUpload size={16} aria-hidden />}
          disabled={disabled}
          onClick={() => fileInput.current?.click()}
          aria-label={
            uploaded
              ? t('documents.slot.replaceNamed', { name: label })
              : t('documents.slot.uploadNamed', { name: label })
          }
        >
          {uploaded ? t('documents.slot.replace') : t('documents.slot.upload')}
        </Button>
        {camera ? (
          <Button
            size="sm"
            variant="default"
            leftSection={<IconCamera size={16} aria-hidden />}
            disabled={disabled}
            onClick={() => cameraInput.current?.click()}
          >
            {t('documents.slot.takePhoto')}
          </Button>
        ) : null}
        {uploaded && onDelete ? (
          <Button
            size="sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={disabled}
            onClick={onDelete}
            aria-label={t('documents.slot.deleteNamed', { name: label })}
          >
            {t('documents.slot.delete')}
          </Button>
        ) : null}
      </Group>
    </>
  );
}
