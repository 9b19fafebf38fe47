import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { conditionName, showsUnconditional, type TOffer, type TOfferCondition } from '@uniapply/shared';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Deadline } from '../../components/intakes/deadline';
import { OFFER_NAMESPACES } from './namespaces';

// Issue 22 item 2: an application's offer as both sides see it: its type (unconditional once every
// condition is met), the fees, the answer-by date in Kuala Lumpur's and Tashkent's time, and the
// conditions with their state. `conditionExtra` adds each condition's controls (the applicant's
// evidence upload, the admin's decision).

export { OFFER_NAMESPACES };

/** The tint of a condition's state (a colour without a shade: Mantine's light variant is a tint then). */
const STATE_COLORS: Record<TOfferCondition['state'], string> = {
  pending: 'yellow',
  met: 'green',
  notMet: 'red',
};
/** The badges' text keeps one readable colour on every tint (as the status badge). */
const DARK_LABEL = { label: { color: 'var(--mantine-color-dark-9)' } };

/** A condition's name (shared with the server's letters and mails). */
export { conditionName };

export function OfferDetails({
  offer,
  conditionExtra,
  withAnswerBy = true,
  children,
}: {
  offer: TOffer;
  conditionExtra?: (condition: TOfferCondition) => ReactNode;
  /** False where the answer-by date is shown beside the answer (the applicant's open offer). */
  withAnswerBy?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation(OFFER_NAMESPACES);
  const headingId = useId();
  const unconditional = showsUnconditional(offer);
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-offer>
      <Group gap="xs" wrap="wrap">
        <Title order={4} size="h6" id={headingId}>
          {t('offers:title')}
        </Title>
        <Badge
          color={unconditional ? 'green' : 'indigo'}
          variant="light"
          styles={DARK_LABEL}
          tt="none"
          data-offer-type
        >
          {t(`offers:type.${unconditional ? 'unconditional' : 'conditional'}`)}
        </Badge>
      </Group>
      {offer.type === 'conditional' && offer.conditionsMetAt ? (
        <Text size="sm">{t('offers:allMet')}</Text>
      ) : null}
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {t('offers:fees')}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {offer.fees ?? t('offers:noFees')}
        </Text>
      </Stack>
      {withAnswerBy ? (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('offers:answerBy')}
          </Text>
          <Deadline value={offer.answerBy} />
        </Stack>
      ) : null}
      {offer.conditions.length > 0 ? (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('offers:conditions')}
          </Text>
          <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {offer.conditions.map((c) => (
              <Stack component="li" key={c.id} gap={4} data-condition={c.id}>
                <Group gap="xs" wrap="wrap" align="center">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {conditionName(c, (key) => t(key))}
                  </Text>
                  <Badge
                    color={STATE_COLORS[c.state]}
                    variant="light"
                    styles={DARK_LABEL}
                    data-state={c.state}
                  >
                    {t(`offers:states.${c.state}`)}
                  </Badge>
                </Group>
                {conditionExtra?.(c)}
              </Stack>
            ))}
          </Stack>
        </Stack>
      ) : null}
      {children}
    </Stack>
  );
}
