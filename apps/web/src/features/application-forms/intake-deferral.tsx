import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconCalendarRepeat } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  browserTimeZone,
  deadlineZones,
  isFinalStatus,
  type TApplicationStatusState,
  type TIntakeAvailability,
} from '@uniapply/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../components/crud/notify';
import { api } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { formatIn } from '../../lib/format';

// Issue 21: "Move to a later intake" on the admin's application record. The dialog lists the
// later intakes of the application's course (start, deadline in Malaysia's time and the admin's own
// zone when it differs, state, seats left) and moves the application to the one chosen; the status
// stays, the history records it, and there is no undo.

const laterIntakesKey = (studentCourseId: number) =>
  ['ApplicationStatus', 'laterIntakes', studentCourseId] as const;

function IntakeOption({ intake }: { intake: TIntakeAvailability }) {
  const { t, i18n } = useTranslation(['status', 'common']);
  const deadline = deadlineZones(false, browserTimeZone())
    .map((zone) => {
      const name = t(`common:timeZones.${zone}`, { defaultValue: t('common:timeZones.other', { zone }) });
      return `${formatIn(i18n.language, zone).dateTime(intake.applicationDeadline)} (${name})`;
    })
    .join(' · ');
  const format = formatIn(i18n.language, 'UTC');
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {t('admin.defer.starts', { date: format.date(`${intake.startDate}T00:00:00Z`) })}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('admin.defer.deadline', { deadline })}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`common:intakeStates.${intake.state}`)}
        {intake.seatsLeft === null ? '' : ` · ${t('admin.defer.seats', { count: intake.seatsLeft })}`}
      </Text>
    </Stack>
  );
}

export function IntakeDeferral({
  state,
  onDone,
}: {
  state: TApplicationStatusState;
  onDone: () => Promise<unknown>;
}) {
  const { t } = useTranslation('status');
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const later = useQuery({
    queryKey: laterIntakesKey(state.studentCourseId),
    queryFn: ({ signal }) =>
      api.get<TIntakeAvailability[]>(
        `/ApplicationStatus/laterIntakes?studentCourseId=${state.studentCourseId}`,
        {
          signal,
        },
      ),
    enabled: opened,
  });
  const defer = useMutation({
    mutationFn: (intakeId: number) =>
      api.post('/ApplicationStatus/defer', {
        studentCourseId: state.studentCourseId,
        intakeId,
        version: state.version,
      }),
    onSuccess: () => {
      setOpened(false);
      setChosen(null);
      notifySuccess(t, 'status.admin.defer.done');
    },
    onSettled: () => onDone(),
  });
  if (isFinalStatus(state.status)) return null;
  const close = () => {
    setOpened(false);
    setChosen(null);
    defer.reset();
  };
  const intakes = later.data ?? [];
  return (
    <>
      <Button
        variant="default"
        // A long label (uz, ru) wraps inside a 360 px screen rather than pushing the page wider.
        style={{ alignSelf: 'flex-start', maxWidth: '100%', height: 'auto', minHeight: 36 }}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'start', paddingBlock: 6 } }}
        leftSection={<IconCalendarRepeat size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('admin.defer.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('admin.defer.title')}
        centered
        closeButtonProps={{ 'aria-label': t('admin.defer.close') }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('admin.defer.text')}</Text>
          {later.isPending ? <Loader size="sm" aria-label={t('admin.defer.loading')} /> : null}
          {later.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, later.error)}
            </Alert>
          ) : null}
          {later.isSuccess && intakes.length === 0 ? <Text size="sm">{t('admin.defer.none')}</Text> : null}
          {intakes.length ? (
            <Radio.Group label={t('admin.defer.choose')} value={chosen} onChange={setChosen}>
              <Stack gap="sm" mt="xs">
                {intakes.map((i) => (
                  <Radio key={i.id} value={String(i.id)} label={<IntakeOption intake={i} />} />
                ))}
              </Stack>
            </Radio.Group>
          ) : null}
          {defer.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, defer.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={defer.isPending} data-autofocus>
              {t('admin.defer.cancel')}
            </Button>
            <Button
              onClick={() => chosen && defer.mutate(Number(chosen))}
              disabled={!chosen}
              loading={defer.isPending}
            >
              {t('admin.defer.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
