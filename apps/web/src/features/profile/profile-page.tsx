import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { issueMessage, type TProfileNames, ZProfileNames } from '@uniapply/shared';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { translateKey } from '../../lib/i18n';
import { meQueryKey, useSession } from '../auth';
import { saveProfileNames } from './api';
import { MailSettings } from './mail-settings';

type TErrors = Partial<Record<keyof TProfileNames, string>>;

/** The name form's state: checked with the shared schema, saved as the signed-in user. */
function useProfileForm(initial: TProfileNames) {
  const { t } = useTranslation(['profile', 'validation']);
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TProfileNames>(initial);
  const [errors, setErrors] = useState<TErrors>({});
  const save = useMutation({
    mutationFn: saveProfileNames,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZProfileNames.safeParse(values);
    if (!parsed.success) {
      const found: TErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof TProfileNames;
        const { message, params } = issueMessage(issue);
        found[field] ??= translateKey(t, message, params);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  const field = (name: keyof TProfileNames) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      save.reset();
    },
  });
  return { save, submit, field };
}

/** `/{Role}/Profile`: the user corrects the name the provider gave (or the email suggested). */
export function ProfilePage() {
  const { t } = useTranslation(['profile', 'validation']);
  const { user } = useSession();
  const { save, submit, field } = useProfileForm({
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
  });
  if (!user) return null;

  return (
    <Stack gap="lg" maw={480}>
      <div>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('text')}</Text>
      </div>
      <Paper withBorder p="md" component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('firstName')}
            autoComplete="given-name"
            maxLength={100}
            withAsterisk
            {...field('firstName')}
          />
          <TextInput
            label={t('lastName')}
            autoComplete="family-name"
            maxLength={100}
            {...field('lastName')}
          />
          <TextInput label={t('email')} value={user.email} readOnly description={t('emailHint')} />
          {save.isSuccess && (
            <Alert color="green" variant="light" role="status">
              {t('saved')}
            </Alert>
          )}
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {t('failed')} {errorText(t, save.error)}
            </Alert>
          )}
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('save')}
          </Button>
        </Stack>
      </Paper>
      <MailSettings />
    </Stack>
  );
}
