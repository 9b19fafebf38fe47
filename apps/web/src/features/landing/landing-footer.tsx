import { Container } from '@mantine/core';
import { COPYRIGHT_YEAR } from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../components/brand';
import classes from './landing.module.css';

export function LandingFooter() {
  const { t } = useTranslation('landing');
  return (
    <footer className={classes.footer}>
      <Container size="lg" className={classes.footerInner}>
        <Brand />
        <p className={classes.copyright}>{t('footer.copyright', { year: COPYRIGHT_YEAR })}</p>
      </Container>
    </footer>
  );
}
