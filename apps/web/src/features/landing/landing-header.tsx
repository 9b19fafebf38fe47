import { Button, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Brand } from '../../components/brand';
import { LanguageSwitcher, returnUrlFrom } from '../auth';
import classes from './landing.module.css';

export function LandingHeader() {
  const { t } = useTranslation('landing');
  const returnUrl = returnUrlFrom(useSearchParams()[0]);
  const loginTo = returnUrl ? `/login?${new URLSearchParams({ returnUrl })}` : '/login';
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
          <Button component={Link} to={loginTo} variant="outline" className={classes.signIn}>
            {t('header.signIn')}
          </Button>
        </div>
      </Container>
    </header>
  );
}
