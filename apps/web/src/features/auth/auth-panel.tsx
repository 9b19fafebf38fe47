import { Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { SIGNUP_ROLES, type TSignupRole } from '@uniapply/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { browser } from '../../lib/browser';
import classes from './auth-panel.module.css';
import { GoogleButton } from './google-button';
import { googleLoginUrl, returnUrlFrom } from './google-login';

const isSignupRole = (v: string): v is TSignupRole => (SIGNUP_ROLES as readonly string[]).includes(v);

/** Spec 2.1: the landing page's side panel; registering needs the student/agent choice. */
export function AuthPanel({ id }: { id?: string }) {
  const { t } = useTranslation('auth');
  const [role, setRole] = useState<TSignupRole | null>(null);
  const [missingRole, setMissingRole] = useState(false);
  // Set by the role guard when a signed-out visitor opened a signed-in page.
  const returnUrl = returnUrlFrom(useSearchParams()[0]);

  const register = () => {
    if (!role) {
      setMissingRole(true);
      return;
    }
    browser.assign(googleLoginUrl(role, returnUrl));
  };

  return (
    <Paper
      id={id}
      component="section"
      aria-labelledby="auth-panel-title"
      className={classes.panel}
      withBorder
    >
      <Stack gap="md">
        <div>
          <Title order={2} id="auth-panel-title" className={classes.title}>
            {t('panel.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('panel.text')}
          </Text>
        </div>
        <GoogleButton href={googleLoginUrl(undefined, returnUrl)} variant="default">
          {t('loginWithGoogle')}
        </GoogleButton>
        <div className={classes.divider}>
          <span>{t('panel.newHere')}</span>
        </div>
        <Radio.Group
          name="signup-role"
          label={t('registerAs')}
          withAsterisk
          value={role}
          onChange={(value) => {
            if (isSignupRole(value)) {
              setRole(value);
              setMissingRole(false);
            }
          }}
          error={missingRole ? t('chooseRole') : undefined}
        >
          <div className={classes.roles}>
            <Radio value="Student" label={t('roles.student')} />
            <Radio value="Agent" label={t('roles.agent')} />
          </div>
        </Radio.Group>
        <GoogleButton onClick={register}>{t('registerWithGoogle')}</GoogleButton>
      </Stack>
    </Paper>
  );
}
