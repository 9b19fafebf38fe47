import { Badge, Stack, Text, Timeline, Title } from '@mantine/core';
import type { TStatusHistoryEntry } from '@uniapply/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIn } from '../../lib/format';
import { STATUS_NAMESPACES } from './namespaces';

// One application's history, newest first: the applicant's card and the admin's status panel.
// Applicants never receive internal entries' notes (the server blanks them); admins see them,
// marked as internal, with who made each change.

export function StatusTimeline({
  entries,
  admin = false,
}: {
  entries: TStatusHistoryEntry[];
  /** The admin's view: internal notes (marked) and who made each change. */
  admin?: boolean;
}) {
  const { t, i18n } = useTranslation(STATUS_NAMESPACES);
  const headingId = useId();
  const shown = entries
    .filter((e) => admin || !e.internal)
    .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  const format = formatIn(i18n.language);
  const deferralNote = (e: TStatusHistoryEntry) => {
    const { key, from, to } = deferralText(e, format);
    return t(key, { from, to });
  };
  return (
    <Stack gap="xs">
      <Title order={4} size="h6" id={headingId}>
        {t('timeline.title')}
      </Title>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('timeline.empty')}
        </Text>
      ) : (
        <Timeline
          bulletSize={14}
          lineWidth={2}
          active={0}
          aria-labelledby={headingId}
          component="ol"
          style={{ listStyle: 'none', margin: 0 }}
        >
          {shown.map((e) => (
            <Timeline.Item
              key={e.id}
              component="li"
              title={
                <Text fw={600} size="sm">
                  {t(`labels.${e.to}`)}
                  {e.undone ? <Text span c="dimmed" size="sm">{` (${t('timeline.undone')})`}</Text> : null}
                  {e.from === e.to ? (
                    <Text span c="dimmed" size="sm">
                      {` (${e.offerTerms ? t('timeline.offerTerms') : deferralNote(e)})`}
                    </Text>
                  ) : null}
                  {admin && e.undoes ? (
                    <Text span c="dimmed" size="sm">{` (${t('timeline.undo')})`}</Text>
                  ) : null}
                </Text>
              }
            >
              <Text size="xs" c="dimmed">
                <time dateTime={e.at}>{format.dateTime(e.at)}</time>
                {admin ? ` · ${e.byName ?? t('timeline.system')}` : null}
              </Text>
              {e.message ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {admin && e.internal ? (
                    <Badge
                      component="span"
                      variant="outline"
                      color="dark"
                      size="sm"
                      mr={6}
                      tt="none"
                      styles={{ label: { color: 'var(--mantine-color-dark-9)' } }}
                    >
                      {t('timeline.internal')}
                    </Badge>
                  ) : null}
                  {e.message}
                </Text>
              ) : null}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}

/** A deferral's note: the intakes it moved between, by their start dates, as far as they are known. */
function deferralText(e: TStatusHistoryEntry, format: ReturnType<typeof formatIn>) {
  const day = (date: string | null | undefined) => (date ? format.date(`${date}T00:00:00Z`) : '');
  const from = day(e.deferral?.fromStartDate);
  const to = day(e.deferral?.toStartDate);
  const key = to && from ? 'timeline.deferredFromTo' : to ? 'timeline.deferredTo' : 'timeline.deferred';
  return { key, from, to };
}
