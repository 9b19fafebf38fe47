import { APPLICANT_TIME_ZONE, formatDateTime, UNIVERSITY_TIME_ZONE } from '@uniapply/shared';
import type { TFunction } from 'i18next';

// Instants shown in a named zone (issue 21: every deadline shown names its zone). The zone's name
// comes from common.timeZones; a zone without a name of its own reads "your time (Europe/Berlin)".

const NAMED_ZONES: string[] = [UNIVERSITY_TIME_ZONE, APPLICANT_TIME_ZONE];

/** 'Kuala Lumpur time' (en), 'Kuala-Lumpur vaqti' (uz), 'время Куала-Лумпура' (ru). */
export function zoneName(t: TFunction, zone: string): string {
  return NAMED_ZONES.includes(zone) ? t(`common:timeZones.${zone}`) : t('common:timeZones.other', { zone });
}

/** '31-may, 2027, 23:59 (Kuala-Lumpur vaqti)'; '' when there is no instant. */
export function formatInZone(value: unknown, zone: string, t: TFunction, language: string): string {
  if (typeof value !== 'string' || value === '') return '';
  const text = formatDateTime(value, language, zone);
  return text ? `${text} (${zoneName(t, zone)})` : '';
}
