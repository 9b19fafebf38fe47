import { Button, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from '../../components/brand';
import { LanguageSwitcher } from '../auth/language-switcher';
import classes from './landing.module.css';

export function LandingHeader() {
  const { t } = useTranslation('landing');
  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.headerInner}>
        <div className={classes.brandBlock}>
          <Brand />
          <span className={classes.tagline}>{t('header.tagline')}</span>
        </div>
        <nav aria-label={t('header.navLabel')} className={classes.headerNav}>
          <a href="#benefits">{t('header.benefits')}</a>
          <a href="#testimonials">{t('header.testimonials')}</a>
          <a href="#contact">{t('header.contact')}</a>
        </nav>
        <div className={classes.headerActions}>
          <LanguageSwitcher />
          <Button component={Link} to="/login" variant="outline" className={classes.signIn}>
            {t('header.signIn')}
          </Button>
        </div>
      </Container>
    </header>
  );
}
