import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SETTING_KEYS,
  SETTING_UNITS,
  settingBounds,
  type TSettings,
  ZSettingsUpdate,
} from '@uniapply/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyFailure, notifySuccess } from '../../components/crud/notify';
import { PageLoader } from '../../components/page-loader';
import { fetchSettings, saveSettings, settingsKeys } from './api';

/**
 * `/Admin/Settings` (issue 19 item 4): the portal's operational values (lead times, waiting
 * limits, retention times), one number field each, from packages/shared's ZSettings: its keys,
 * bounds and units; saved together.
 */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: settingsKeys.all, queryFn: ({ signal }) => fetchSettings(signal) });
  const form = useForm<Partial<TSettings>>({
    initialValues: {},
    validate: (values) => {
      const checked = ZSettingsUpdate.safeParse(values);
      if (checked.success) return {};
      return Object.fromEntries(
        checked.error.issues.map((issue) => {
          const key = String(issue.path[0]) as keyof TSettings;
          const { min, max } = settingBounds(key);
          return [key, t('outOfRange', { min, max })];
        }),
      );
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled once per answer.
  useEffect(() => {
    if (query.data) {
      form.setInitialValues(query.data);
      form.setValues(query.data);
    }
  }, [query.data]);
  const save = useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.all, saved);
      notifySuccess(t, 'settings.saved');
    },
    onError: (error) => notifyFailure(t, 'settings.saveFailed', error),
  });

  if (query.isPending) return <PageLoader />;
  if (query.isError) return <Text role="alert">{t('loadFailed')}</Text>;

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t('title')}</Title>
      <Text>{t('intro')}</Text>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={form.onSubmit((values) => save.mutate(values as TSettings))} noValidate>
          <Stack gap="md">
            {SETTING_KEYS.map((key) => {
              const { min, max } = settingBounds(key);
              return (
                <NumberInput
                  key={key}
                  {...form.getInputProps(key)}
                  label={t(`fields.${key}.label`)}
                  description={t(`fields.${key}.hint`)}
                  rightSection={<Text size="sm">{t(`units.${SETTING_UNITS[key]}`)}</Text>}
                  rightSectionWidth={72}
                  rightSectionPointerEvents="none"
                  min={min}
                  max={max}
                  clampBehavior="none"
                  allowDecimal={false}
                  allowNegative={false}
                  hideControls
                  inputMode="numeric"
                  required
                />
              );
            })}
            <Group>
              <Button type="submit" loading={save.isPending} loaderProps={{ 'aria-hidden': true }}>
                {t('save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
