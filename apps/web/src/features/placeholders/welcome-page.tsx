import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './welcome-page.module.css';

/** Spec 2.1: the placeholder view, a centred 'Welcome' on light blue, for screens still to come. */
export function WelcomePage({ heading }: { heading?: string }) {
  const { t } = useTranslation('shell');
  return (
    <div className={classes.welcome}>
      <Title order={1}>{heading ?? t('welcome')}</Title>
    </div>
  );
}

/** The admin home (spec 2.1: 'Welcome Admin'). */
export function AdminWelcomePage() {
  const { t } = useTranslation('shell');
  return <WelcomePage heading={t('welcomeAdmin')} />;
}
