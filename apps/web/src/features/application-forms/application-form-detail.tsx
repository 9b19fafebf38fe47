import { ActionIcon, Alert, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  applicationFullName,
  browserTimeZone,
  DESCRIPTION_NAMESPACES,
  showApplication,
  type TAppLanguage,
  type TApplicationForm,
  type TFileRef,
  type TShownField,
} from '@uniapply/shared';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { OverflowCue } from '../../components/overflow-cue/overflow-cue';
import { errorText } from '../../lib/error-text';
import { applicationFormKeys, fetchApplicationForm } from './api';
import { downloadStoredFile } from './downloads';

// The read-only tabbed detail of one application form (spec 2.3): the admin's renderer of the
// shared application description (issue 19), a tab per section; enum values as labels in the
// user's language; stored files with download buttons, 'No file uploaded' when there is none.

export const FORM_NAMESPACES = [
  'applicationForms',
  ...DESCRIPTION_NAMESPACES.filter((ns) => ns !== 'applicationForms'),
  'common',
] as const;

/** A stored file's name with its download button, or 'No file uploaded'. */
function FileLink({ file, what }: { file: TFileRef | null; what: string }) {
  const { t } = useTranslation(FORM_NAMESPACES);
  if (!file)
    return (
      <Text span c="dimmed">
        {t('applicationForms:noFile')}
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <Text span style={{ overflowWrap: 'anywhere' }}>
        {file.name}
      </Text>
      <ActionIcon
        variant="subtle"
        aria-label={t('applicationForms:downloadFile', { what, name: file.name })}
        onClick={() => downloadStoredFile(t, file)}
      >
        <IconDownload size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** One record's fields; a file is named by its document type when the entry has one. */
function Fields({ entry, files }: { entry: TShownField[]; files: Map<string, TFileRef> }) {
  const documentType = entry.find((f) => f.name === 'documentType')?.value;
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="sm" m={0}>
      {entry.map(({ name, label, value }) => (
        <div key={name} style={value.kind === 'text' && value.long ? { gridColumn: '1 / -1' } : undefined}>
          <Text component="dt" size="xs" fw={600} c="dimmed" tt="uppercase">
            {label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {value.kind === 'file' ? (
              <FileLink
                file={value.fileId ? (files.get(value.fileId) ?? null) : null}
                what={documentType?.kind === 'text' ? documentType.text : label}
              />
            ) : (
              value.text || '–'
            )}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** Every stored file of the form by its id, with its display name. */
function filesOf(form: TApplicationForm): Map<string, TFileRef> {
  const refs = [
    ...form.qualifications.flatMap((q) => [q.certFile, q.transcriptFile]),
    ...form.languages.map((l) => l.certFile),
    ...form.documents.map((d) => (d.fileId ? { fileId: d.fileId, name: d.fileName ?? d.fileId } : null)),
  ];
  return new Map(refs.filter((r): r is TFileRef => r !== null).map((r) => [r.fileId, r]));
}

/** The tabs of one loaded application form. */
export function ApplicationFormTabs({ form }: { form: TApplicationForm }) {
  const { t, i18n } = useTranslation(FORM_NAMESPACES);
  const files = filesOf(form);
  const tabListRef = useRef<HTMLDivElement>(null);
  const sections = showApplication(
    {
      ...form,
      documents: form.documents.map((d) => ({
        documentTypeId: d.documentTypeId,
        documentTypeName: d.documentType,
        docPath: d.fileId,
      })),
      // This application's one course, with the intake applied to (issue 21).
      courses: [{ university: form.university, course: form.course, intake: form.intake }],
    },
    (key, params) => t(key, params ?? {}),
    i18n.language as TAppLanguage,
    { readerZone: browserTimeZone() },
  );
  return (
    <Tabs defaultValue="personal" keepMounted={false}>
      {/* On a phone the tabs scroll sideways; the cue shows that more lie beyond the edge. */}
      <OverflowCue scrollerRef={tabListRef}>
        <Tabs.List ref={tabListRef} style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          {sections.map((s) => (
            <Tabs.Tab key={s.key} value={s.key}>
              {s.title}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </OverflowCue>
      {sections.map((s) => (
        <Tabs.Panel key={s.key} value={s.key} pt="md">
          {s.entries.length === 0 && <Text c="dimmed">{s.emptyText}</Text>}
          {!s.list && s.entries[0] && <Fields entry={s.entries[0]} files={files} />}
          {s.list && s.entries.length > 0 && (
            <Stack gap="sm">
              {s.entries.map((entry, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: entries keep their saved order
                <Paper key={i} withBorder p="sm" radius="md">
                  <Fields entry={entry} files={files} />
                </Paper>
              ))}
            </Stack>
          )}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** Loads the application form `id` and shows its tabs under a heading naming the student. */
export function ApplicationFormDetail({ id, headingOrder = 2 }: { id: number; headingOrder?: 2 | 3 }) {
  const { t } = useTranslation(FORM_NAMESPACES);
  const headingId = useId();
  const query = useQuery({
    queryKey: applicationFormKeys.detail(id),
    queryFn: ({ signal }) => fetchApplicationForm(id, signal),
  });
  const form = query.data;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Title order={headingOrder} size="h4" id={headingId} mb="sm">
        {form
          ? t('applicationForms:detailTitle', {
              name: applicationFullName(form.studentInfo),
              course: form.course.name,
              university: form.university.name,
            })
          : t('applicationForms:detail')}
      </Title>
      {query.isPending && <Text role="status">{t('applicationForms:loading')}</Text>}
      {query.isError && (
        <Alert color="red" role="alert">
          {t('applicationForms:loadFailed', { message: errorText(t, query.error) })}
        </Alert>
      )}
      {form && <ApplicationFormTabs form={form} />}
    </Paper>
  );
}
