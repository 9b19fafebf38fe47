import { useTranslation } from 'react-i18next';
import classes from './loading-screen.module.css';

/** Spec 2.1: shown while the user record loads. */
export function LoadingScreen() {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div className={classes.screen} role="status" aria-live="polite">
      {t('loadingApplication', { defaultValue: 'Loading application...' })}
    </div>
  );
}
