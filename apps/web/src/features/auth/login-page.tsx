import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import { Alert, Anchor, Paper, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { TSignupRole } from '@uniapply/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Brand } from '../../components/brand';
import { GoogleButton } from './google-button';
import { googleLoginUrl, returnUrlFrom } from './google-login';
import { LanguageSwitcher } from './language-switcher';
import classes from './login-page.module.css';

/**
 * Spec 2.1: the full-page alternative with Login and Register tabs and the Student/Agent toggle.
 * Also prerendered for signed-out visitors, a page that runs no React: src/first-screen.ts then
 * switches the tabs and the toggle (both panels are in the markup, hence `keepMounted`), and
 * points the Register link at the chosen role (`data-register-link`).
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [role, setRole] = useState<TSignupRole>('Student');
  // The API sends the browser back here when a sign-in could not finish.
  const [params] = useSearchParams();
  const signInError = params.get('signInError');
  // Set when a lost session or the role guard sent the browser here: come back there afterwards.
  const returnUrl = returnUrlFrom(params);
  useEffect(() => {
    document.title = `${t('page.title')} · UniApply`;
  }, [t]);

  return (
    <div className={classes.page}>
      <header className={classes.top}>
        <Brand />
        <LanguageSwitcher />
      </header>
      <main className={classes.main}>
        <Paper withBorder className={classes.card}>
          <Stack gap="lg">
            <div>
              <Title order={1} className={classes.title}>
                {t('page.title')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('page.text')}
              </Text>
            </div>
            {(signInError === 'failed' || signInError === 'cancelled' || signInError === 'disabled') && (
              <Alert color="red" variant="light" role="alert">
                {t(`page.signIn.${signInError}`)}
              </Alert>
            )}
            <Tabs defaultValue="login" keepMounted keepMountedMode="display-none">
              <Tabs.List grow>
                <Tabs.Tab value="login">{t('page.loginTab')}</Tabs.Tab>
                <Tabs.Tab value="register">{t('page.registerTab')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="login" pt="lg">
                <Stack gap="md">
                  <Text size="sm">{t('page.loginText')}</Text>
                  <GoogleButton href={googleLoginUrl(undefined, returnUrl)}>
                    {t('loginWithGoogle')}
                  </GoogleButton>
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="register" pt="lg">
                <Stack gap="md">
                  <div>
                    <Text size="sm" fw={600} id="register-role-label" mb={6}>
                      {t('registerAs')}
                    </Text>
                    <SegmentedControl
                      name="role"
                      fullWidth
                      aria-labelledby="register-role-label"
                      value={role}
                      onChange={(v) => setRole(v as TSignupRole)}
                      data={[
                        { value: 'Student', label: t('roles.student') },
                        { value: 'Agent', label: t('roles.agent') },
                      ]}
                    />
                  </div>
                  <Text size="sm" data-role-text="Student" hidden={role !== 'Student'}>
                    {t('page.studentText')}
                  </Text>
                  <Text size="sm" data-role-text="Agent" hidden={role !== 'Agent'}>
                    {t('page.agentText')}
                  </Text>
                  <GoogleButton href={googleLoginUrl(role, returnUrl)} registerLink>
                    {t('registerWithGoogle')}
                  </GoogleButton>
                </Stack>
              </Tabs.Panel>
            </Tabs>
            <Anchor component={Link} to="/" size="sm" className={classes.back}>
              <IconArrowLeft size={16} aria-hidden /> {t('page.back')}
            </Anchor>
          </Stack>
        </Paper>
      </main>
    </div>
  );
}
