import { Stack, Text } from '@mantine/core';
import { browserTimeZone, deadlineZones, type TDateValue, zonedLines } from '@uniapply/shared';
import { useTranslation } from 'react-i18next';

type TSize = 'xs' | 'sm' | 'md';

type TDeadlineProps = {
  /** The instant (UTC ISO text). */
  value: TDateValue;
  /** Applicants and their agents also see Tashkent's time; staff screens pass false. */
  forApplicant?: boolean;
  /** The reader's zone (default the browser's); added when it is neither of the two. */
  readerZone?: string;
  size?: TSize;
};

/**
 * An instant on screen as one line per zone, each through the one formatter (packages/shared
 * zonedLines) and naming its zone: a deadline, or a date-time field's read-back of its value.
 */
export function ZonedLines({
  value,
  zones,
  size = 'sm',
}: {
  value: TDateValue;
  zones: string[];
  size?: TSize;
}) {
  const { t, i18n } = useTranslation('common');
  const lines = zonedLines(value, i18n.language, (key, params) => t(key, params ?? {}), zones);
  return (
    <Stack gap={0} component="span" data-deadline>
      {lines.map((line) => (
        <Text key={line.zone} span size={size} data-zone={line.zone} style={{ display: 'block' }}>
          <time dateTime={new Date(value).toISOString()}>{line.time}</time>{' '}
          {/* The zone's name wraps as one piece on a narrow screen. */}
          <Text span c="dimmed" inherit style={{ whiteSpace: 'nowrap' }}>
            ({line.zoneName})
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

/**
 * A deadline on screen (issue 21): the one place it is drawn. One line per zone, Malaysia's first,
 * then Tashkent's for applicants, then the browser's own when it differs, each naming its zone,
 * through the one formatter (packages/shared deadlineLines).
 */
export function Deadline({ value, forApplicant = true, readerZone, size = 'sm' }: TDeadlineProps) {
  return (
    <ZonedLines
      value={value}
      zones={deadlineZones(forApplicant, readerZone ?? browserTimeZone())}
      size={size}
    />
  );
}
