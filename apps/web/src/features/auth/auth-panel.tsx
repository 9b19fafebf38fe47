import { Input, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { SIGNUP_ROLES, type TSignupRole } from '@uniapply/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { browser } from '../../lib/browser';
import classes from './auth-panel.module.css';
import { GoogleButton } from './google-button';
import { googleLoginUrl, returnUrlFrom } from './google-login';

const isSignupRole = (v: string): v is TSignupRole => (SIGNUP_ROLES as readonly string[]).includes(v);

/**
 * Spec 2.1: the landing page's side panel; registering needs the student/agent choice. Registering
 * is a plain form (`GET /api/auth/google-login?returnUrl=…&role=…`): the prerendered landing page
 * runs no React, and its form works before and without JavaScript (the browser itself asks for
 * the role then). With JavaScript the choice is checked here, or by src/first-screen.ts on the
 * prerendered page, which shows the same message below the choice.
 */
export function AuthPanel({ id }: { id?: string }) {
  const { t } = useTranslation('auth');
  const [role, setRole] = useState<TSignupRole | null>(null);
  const [missingRole, setMissingRole] = useState(false);
  // Set by the role guard when a signed-out visitor opened a signed-in page.
  const returnUrl = returnUrlFrom(useSearchParams()[0]);
  const form = useRef<HTMLFormElement>(null);
  // The message below replaces the browser's own; the markup keeps `required` for a page without JavaScript.
  useEffect(() => {
    if (form.current) form.current.noValidate = true;
  }, []);

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
        <form
          ref={form}
          method="get"
          action="/api/auth/google-login"
          data-register-form=""
          onSubmit={(event) => {
            event.preventDefault();
            register();
          }}
        >
          <input type="hidden" name="returnUrl" value={returnUrl ?? '/'} />
          <Stack gap="md">
            <Radio.Group
              name="role"
              label={t('registerAs')}
              withAsterisk
              value={role}
              onChange={(value) => {
                if (isSignupRole(value)) {
                  setRole(value);
                  setMissingRole(false);
                }
              }}
            >
              <div className={classes.roles}>
                <Radio value="Student" label={t('roles.student')} required />
                <Radio value="Agent" label={t('roles.agent')} required />
              </div>
              <Input.Error
                id="signup-role-error"
                role="alert"
                mt="xs"
                className={classes.whenShown}
                hidden={!missingRole}
              >
                {t('chooseRole')}
              </Input.Error>
            </Radio.Group>
            <GoogleButton type="submit">{t('registerWithGoogle')}</GoogleButton>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
