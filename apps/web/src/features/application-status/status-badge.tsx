import { Badge } from '@mantine/core';
import { APPLICATION_STATUSES, type TApplicationStatus } from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import { STATUS_NAMESPACES } from './namespaces';

// Light badges (the colour is the tint) with near-black text: several shade-9 colours (orange,
// cyan) stay under 4.5:1 on their tint at 12-13 px, so the text keeps one readable colour.
const COLORS: Record<TApplicationStatus, string> = {
  submitted: 'blue',
  underReview: 'indigo',
  documentsRequested: 'orange',
  conditionalOffer: 'teal',
  unconditionalOffer: 'teal',
  rejected: 'red',
  withdrawn: 'gray',
  offerAccepted: 'green',
  depositPaid: 'green',
  passFiled: 'cyan',
  evalIssued: 'cyan',
  enrolled: 'green',
  offerDeclined: 'gray',
  offerLapsed: 'gray',
  conditionsNotMet: 'red',
};

/** An application's status as a translated label. */
export function StatusBadge({ status, size = 'lg' }: { status: TApplicationStatus; size?: 'md' | 'lg' }) {
  const { t } = useTranslation(STATUS_NAMESPACES);
  const color = COLORS[status];
  return (
    <Badge
      variant="light"
      color={color}
      size={size}
      tt="none"
      // Long labels wrap (a narrow grid column) instead of ending in an ellipsis.
      styles={{ label: { color: 'var(--mantine-color-dark-9)', whiteSpace: 'normal', overflow: 'visible' } }}
      style={{ whiteSpace: 'normal', height: 'auto' }}
    >
      {t(`labels.${status}`)}
    </Badge>
  );
}

/**
 * A list screen's status filter (the generic screen's `choiceFilter`): every status and "All
 * statuses", matched exactly on `field`, kept in the address as `?status=` (the overview links to it).
 */
export const statusChoiceFilter = (field: string) => ({
  field,
  param: 'status',
  label: 'status.list.filter',
  options: [
    { value: '', label: 'status.list.any' },
    ...APPLICATION_STATUSES.map((s) => ({ value: s, label: `status.labels.${s}` })),
  ],
});
