import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  browserTimeZone,
  DESCRIPTION_NAMESPACES,
  showApplication,
  type TAppLanguage,
  type TApplication,
  type TShownField,
  type TWizardStepId,
  wizardStep,
} from '@uniapply/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../application-status';
import { WIZARD_NAMESPACES } from './step-fields';

const REVIEW_NAMESPACES = [...new Set([...WIZARD_NAMESPACES, ...DESCRIPTION_NAMESPACES])];

function Section({
  id,
  title,
  children,
  onChange,
}: {
  id: TWizardStepId;
  title: string;
  children?: ReactNode;
  onChange: (step: number) => void;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACES);
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Anchor
          component="button"
          type="button"
          onClick={() => onChange(wizardStep(id).step)}
          aria-label={t('wizardForm:review.changeSection', { section: title })}
        >
          {t('wizardForm:review.change')}
        </Anchor>
      </Group>
      {children}
    </Paper>
  );
}

/** One saved record (or list entry) as label and value pairs; a stored file as 'Uploaded'. */
function Entry({ entry, boxed }: { entry: TShownField[]; boxed: boolean }) {
  const { t } = useTranslation(REVIEW_NAMESPACES);
  const list = (
    <dl
      style={{
        margin: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(8rem, 1fr) 2fr',
        gap: '4px 12px',
      }}
    >
      {entry.map(({ name, label, value }) => {
        const text =
          value.kind === 'file' ? (value.fileId ? t('wizardForm:review.uploaded') : '') : value.text;
        return (
          <div key={name} style={{ display: 'contents' }}>
            <Text component="dt" c="dimmed" size="sm">
              {label}
            </Text>
            <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {text || '—'}
            </Text>
          </div>
        );
      })}
    </dl>
  );
  return boxed ? (
    <Paper withBorder p="xs" radius="sm">
      {list}
    </Paper>
  ) : (
    list
  );
}

/**
 * Step 10, "check your answers" (DESIGN 6): the wizard's renderer of the shared application
 * description (issue 19), section by section, each with a Change link to its step; enum values as
 * labels in the user's language; the selected courses last, each with its intake (issue 21) and,
 * once submitted, its application's status.
 */
export function ReviewStep({
  application,
  onChange,
}: {
  application: TApplication;
  onChange: (step: number) => void;
}) {
  const { t, i18n } = useTranslation(REVIEW_NAMESPACES);
  const sections = showApplication(
    application,
    (key, params) => t(key, params ?? {}),
    i18n.language as TAppLanguage,
    {
      readerZone: browserTimeZone(),
    },
  );
  return (
    <Stack gap="md">
      {sections.map((s) => (
        <Section key={s.key} id={s.id} title={s.title} onChange={onChange}>
          {s.entries.length === 0 && (
            <Text size="sm" c="dimmed">
              {s.emptyText}
            </Text>
          )}
          <Stack gap="sm">
            {s.entries.map((entry, i) => {
              // The application's status from the pipeline (issue 18: withdrawn shows as withdrawn).
              const status = s.id === 'courses' ? application.courses[i]?.status : null;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: entries keep their saved order
                <Stack key={i} gap={4}>
                  {status ? <StatusBadge status={status} size="md" /> : null}
                  <Entry entry={entry} boxed={s.list} />
                </Stack>
              );
            })}
          </Stack>
        </Section>
      ))}
    </Stack>
  );
}
