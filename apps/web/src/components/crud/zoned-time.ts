import { formatDateTime, zoneName } from '@uniapply/shared';
import type { TFunction } from 'i18next';

// Instants shown in a named zone (issue 21: every deadline shown names its zone); the zone's name
// is shared's `zoneName` (common.timeZones; any other zone reads "your time (Europe/Berlin)").

/** '31-may, 2027, 23:59 (Kuala-Lumpur vaqti)'; '' when there is no instant. */
export function formatInZone(value: unknown, zone: string, t: TFunction, language: string): string {
  if (typeof value !== 'string' || value === '') return '';
  const text = formatDateTime(value, language, zone);
  return text ? `${text} (${zoneName(zone, (key, params) => t(key, params ?? {}))})` : '';
}
