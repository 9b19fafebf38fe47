import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatDate, isChoosable, type TIntakeAvailability } from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import { Deadline } from './deadline';

/** A calendar date ('YYYY-MM-DD', a start date or the latest safe date) as it reads everywhere. */
export const calendarDate = (date: string, language: string) => formatDate(date, language, 'UTC');

/** The state's badge: a choosable intake's in teal, any other's (with why) in grey. */
export function IntakeStateBadge({ intake }: { intake: Pick<TIntakeAvailability, 'state'> }) {
  const { t } = useTranslation('common');
  return (
    <Badge color={isChoosable(intake.state) ? 'teal.9' : 'gray.7'} tt="none" size="sm">
      {t(`intakeStates.${intake.state}`)}
    </Badge>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm">
        {children}
      </Text>
    </div>
  );
}

/**
 * One intake as an applicant weighs it (issue 21 item 3): its start and state, seats left when
 * capped, the application deadline in each zone (and the late one), and beside the deadline the
 * latest safe date to submit.
 */
export function IntakeFacts({
  intake,
  withTitle = true,
}: {
  intake: TIntakeAvailability;
  withTitle?: boolean;
}) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  const seats = intake.seatsLeft !== null && intake.state !== 'full';
  return (
    <Stack gap={4}>
      {withTitle ? (
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {t('intakes.starts', { date: calendarDate(intake.startDate, language) })}
          </Text>
          <IntakeStateBadge intake={intake} />
        </Group>
      ) : null}
      {seats ? (
        <Text size="sm" fw={600} c="blue.9">
          {t('intakes.seatsLeft', { count: intake.seatsLeft })}
        </Text>
      ) : null}
      <Stack component="dl" gap={4} m={0}>
        <Fact label={t('intakes.deadline')}>
          <Deadline value={intake.applicationDeadline} />
        </Fact>
        {intake.lateDeadline ? (
          <Fact label={t('intakes.lateDeadline')}>
            <Deadline value={intake.lateDeadline} />
          </Fact>
        ) : null}
        <Fact label={t('intakes.latestSafeDate')}>
          <time dateTime={intake.latestSafeDate} title={t('intakes.latestSafeHint')}>
            {calendarDate(intake.latestSafeDate, language)}
          </time>
        </Fact>
      </Stack>
    </Stack>
  );
}
