import { Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { entryZones, formatDate, instantOfWallClock, wallClockIn, zoneName } from '@uniapply/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ZonedLines } from '../intakes';

// Dates typed into the device's own picker (issue dates22). A native date or datetime-local input
// is the best picker on a phone, but the browser draws it in its own locale (mm/dd/yyyy and a
// 12-hour clock in an English Chromium) whatever the portal's language. So every such field reads
// its value back under the input, live, through the one formatter in the user's language: a
// date-time in the field's zone and Tashkent's, a calendar date as itself. An empty or incomplete
// value (the native input gives '' until it is whole) shows no read-back. docs/decisions.md records
// why this and not a picker of our own.

type TShared = Omit<TextInputProps, 'type' | 'value' | 'onChange' | 'description' | 'inputWrapperOrder'> & {
  label: string;
  /** A hint under the read-back (what an empty value means). */
  hint?: ReactNode;
};

/** The read-back, then the hint, under the input and above its error. */
const ORDER: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

function description(readBack: ReactNode, hint: ReactNode) {
  if (!readBack && !hint) return undefined;
  return (
    <Stack gap={2} component="span">
      {readBack ? (
        <Text span c="var(--mantine-color-text)" inherit data-read-back style={{ display: 'block' }}>
          {readBack}
        </Text>
      ) : null}
      {hint ? (
        <Text span inherit style={{ display: 'block' }}>
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * An instant typed as the wall clock of `zone` (a datetime-local input): a deadline typed in
 * Malaysia's time means that instant whatever zone the browser is in. The label names the zone.
 * `onChange` gets the instant (UTC ISO text; null when the text is empty or not a whole date-time)
 * and the input's text.
 */
export function InstantInput({
  value,
  zone,
  onChange,
  label,
  hint,
  ...rest
}: TShared & {
  /** The instant (UTC ISO text), or what was typed when it is none; '' or nothing: empty. */
  value: string | null | undefined;
  zone: string;
  onChange: (instant: string | null, wall: string) => void;
}) {
  const { t } = useTranslation('common');
  const wall = value ? wallClockIn(value, zone) : '';
  const readBack = wall ? <ZonedLines value={value as string} zones={entryZones(zone)} /> : null;
  return (
    <TextInput
      {...rest}
      label={`${label} (${zoneName(zone, (key, params) => t(key, params ?? {}))})`}
      type="datetime-local"
      value={wall || (value ?? '')}
      description={description(readBack, hint)}
      inputWrapperOrder={ORDER}
      onChange={(event) => {
        const text = event.currentTarget.value;
        onChange(text === '' ? null : instantOfWallClock(text, zone), text);
      }}
    />
  );
}

/** A calendar day ('YYYY-MM-DD', a birthday or an intake's start) in the device's date picker. */
export function DateInput({
  value,
  onChange,
  hint,
  ...rest
}: TShared & { value: string | null | undefined; onChange: (value: string) => void }) {
  const { i18n } = useTranslation('common');
  // A calendar date is that day in every zone; the zone given is not read.
  const day = value ? formatDate(value, i18n.language, 'UTC') : '';
  return (
    <TextInput
      {...rest}
      type="date"
      value={value ?? ''}
      description={description(
        day ? (
          <Text span size="sm">
            <time dateTime={value as string}>{day}</time>
          </Text>
        ) : null,
        hint,
      )}
      inputWrapperOrder={ORDER}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
