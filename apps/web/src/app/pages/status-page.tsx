import { Anchor, Button, Text, Title } from '@mantine/core';
import { ROLE_HOME } from '@uniapply/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../features/auth/session';
import classes from './status-page.module.css';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  const { user } = useSession();
  useEffect(() => {
    document.title = `${t('notFound.title')} · UniApply`;
    return () => {
      document.title = 'UniApply';
    };
  }, [t]);
  return (
    <main className={classes.page}>
      <Text className={classes.code} aria-hidden="true">
        404
      </Text>
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.text')}</Text>
      <Anchor component={Link} to={user ? ROLE_HOME[user.role] : '/'} fw={600}>
        {t('notFound.home')}
      </Anchor>
    </main>
  );
}

/** Shown by the error boundary: a failed chunk download (a new release went out) or a bug in a screen. */
export function ErrorPage() {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <main className={classes.page}>
      <Title order={1}>{t('error.title', { defaultValue: 'Something went wrong' })}</Title>
      <Text>
        {t('error.text', { defaultValue: 'Please reload the page. If it keeps happening, try again later.' })}
      </Text>
      <Button onClick={() => window.location.reload()}>
        {t('error.reload', { defaultValue: 'Reload' })}
      </Button>
    </main>
  );
}
