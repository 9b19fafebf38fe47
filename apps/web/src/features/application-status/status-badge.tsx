import { Badge } from '@mantine/core';
import type { TApplicationStatus } from '@uniapply/shared';
import { useTranslation } from 'react-i18next';

// Light badges with the shade-9 text: readable (WCAG AA) on the light background at 12-13 px.
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
};

/** An application's status as a translated label. */
export function StatusBadge({ status }: { status: TApplicationStatus }) {
  const { t } = useTranslation('status');
  const color = COLORS[status];
  return (
    <Badge
      variant="light"
      color={color}
      c={`${color}.9`}
      size="lg"
      tt="none"
      style={{ whiteSpace: 'normal', height: 'auto' }}
    >
      {t(`labels.${status}`)}
    </Badge>
  );
}
