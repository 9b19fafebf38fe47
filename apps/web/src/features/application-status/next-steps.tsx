import { Alert, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  enteredStatusAt,
  isAfterAcceptance,
  nextSteps,
  PASSPORT_WHEREABOUTS,
  type TApplicationStatusDetail,
  type TApplicationStatusState,
  type TPassportWhereabouts,
} from '@uniapply/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { formatIn } from '../../lib/format';
import { STATUS_NAMESPACES } from './namespaces';
import { fetchStageDurations, refreshStatuses, statusKeys } from './status-api';

// Issue 22 item 5: what happens next after an offer is accepted, and by when (the typical durations
// of Settings, `nextSteps` of the shared package), and where the passport is. The applicant's card
// and the admin's application record draw the same section; the admin also sets the passport.

/** The typical durations (every signed-in user may read them; they change rarely). */
const useStageDurations = () =>
  useQuery({
    queryKey: statusKeys.stageDurations,
    queryFn: ({ signal }) => fetchStageDurations(signal),
    staleTime: 10 * 60_000,
  });

export function NextSteps({
  state,
  history,
  admin = false,
}: Pick<TApplicationStatusDetail, 'state' | 'history'> & { admin?: boolean }) {
  const { t, i18n } = useTranslation(STATUS_NAMESPACES);
  const headingId = useId();
  const durations = useStageDurations();
  if (!isAfterAcceptance(state.status)) return null;
  const format = formatIn(i18n.language);
  const steps = durations.data
    ? nextSteps(
        state.status,
        enteredStatusAt(history, state.status, state.updatedAt),
        durations.data,
        new Date(),
      )
    : null;
  const stage = (s: string) => t(`nextSteps.stages.${s}`);
  const next = steps?.next;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={admin ? 3 : 4} size="h6" id={headingId}>
        {t('nextSteps.title')}
      </Title>
      {next ? (
        next.late ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} p="xs">
            <Text size="sm">
              {t('nextSteps.late', { stage: stage(next.stage), date: format.date(next.expectedAt) })}
            </Text>
          </Alert>
        ) : (
          <Text size="sm" fw={600}>
            {t('nextSteps.next', { stage: stage(next.stage), date: format.date(next.expectedAt) })}
          </Text>
        )
      ) : null}
      {steps && steps.ahead.length > 0 ? (
        <Stack
          component="ul"
          gap={4}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('nextSteps.listLabel')}
        >
          {steps.ahead.map((s) => (
            <Group component="li" key={s.stage} gap="xs" wrap="nowrap" align="flex-start">
              <IconClock size={16} color="var(--mantine-color-dimmed)" aria-hidden style={{ flex: 'none' }} />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t(s.late ? 'nextSteps.itemLate' : 'nextSteps.item', {
                  stage: stage(s.stage),
                  date: format.date(s.expectedAt),
                })}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : null}
      {steps && steps.ahead.length > 0 ? (
        <Text size="xs" c="dimmed">
          {t('nextSteps.estimate')}
        </Text>
      ) : null}
      {admin ? (
        <PassportControl state={state} />
      ) : (
        <Text size="sm">
          {t('nextSteps.passport', { where: t(`nextSteps.whereabouts.${state.passportWhereabouts}`) })}
        </Text>
      )}
    </Stack>
  );
}

/** The admin sets where the passport is; it applies at once (no history entry, no version). */
function PassportControl({ state }: { state: TApplicationStatusState }) {
  const { t } = useTranslation(STATUS_NAMESPACES);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (whereabouts: TPassportWhereabouts) =>
      api.post<TApplicationStatusState>('/ApplicationStatus/passport', {
        studentCourseId: state.studentCourseId,
        whereabouts,
      }),
    onSettled: () => refreshStatuses(queryClient),
  });
  return (
    <Stack gap={4}>
      <Select
        label={t('nextSteps.passportLabel')}
        value={state.passportWhereabouts}
        allowDeselect={false}
        disabled={save.isPending}
        onChange={(value) => {
          if (value && value !== state.passportWhereabouts) save.mutate(value as TPassportWhereabouts);
        }}
        data={PASSPORT_WHEREABOUTS.map((w) => ({ value: w, label: t(`nextSteps.adminWhereabouts.${w}`) }))}
        style={{ maxWidth: 360 }}
      />
      {save.isError ? (
        <Alert color="red" role="alert" p="xs">
          {errorText(t, save.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}
