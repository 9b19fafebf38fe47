import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { fetchMailSettings, profileKeys, saveMailSettings } from './api';

/** The profile page's email section (issue 12): status mails on or off, the unsubscribe link's target. */
export function MailSettings() {
  const { t } = useTranslation(['mail', 'common']);
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: profileKeys.mailSettings,
    queryFn: ({ signal }) => fetchMailSettings(signal),
  });
  const save = useMutation({
    mutationFn: saveMailSettings,
    onSuccess: (saved) => queryClient.setQueryData(profileKeys.mailSettings, saved),
  });
  const checked = save.isPending
    ? (save.variables?.statusMails ?? false)
    : (settings.data?.statusMails ?? false);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="mail-settings-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="mail-settings-title">
          {t('settings.title')}
        </Title>
        <Switch
          label={t('settings.statusMails')}
          // Mantine 9 renders the label as a span outside the input's <label>: name the input itself.
          aria-label={t('settings.statusMails')}
          description={t('settings.statusMailsHint')}
          checked={checked}
          disabled={!settings.isSuccess || save.isPending}
          onChange={(event) => save.mutate({ statusMails: event.currentTarget.checked })}
        />
        {settings.isError && (
          <Text c="red.8" size="sm">
            {errorText(t, settings.error)}
          </Text>
        )}
        {save.isSuccess && (
          <Alert color="green" variant="light" role="status">
            {t('settings.saved')}
          </Alert>
        )}
        {save.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('settings.failed')} {errorText(t, save.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
