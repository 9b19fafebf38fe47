import { Button, Container, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AuthPanel } from '../auth';
import classes from './landing.module.css';

/** The call to action and, beside it, the sign-in panel (spec 1, 2.1). */
export function Hero() {
  const { t } = useTranslation('landing');
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" className={classes.heroInner}>
        <div className={classes.heroText}>
          <Text className={classes.eyebrow}>{t('hero.eyebrow')}</Text>
          <Title order={1} id="hero-title" className={classes.heroTitle}>
            {t('hero.title')}
          </Title>
          <Text className={classes.heroLead}>{t('hero.lead')}</Text>
          <div className={classes.heroActions}>
            <Button
              component="a"
              href="#get-started"
              size="lg"
              rightSection={<IconArrowRight size={20} aria-hidden />}
            >
              {t('hero.cta')}
            </Button>
            <Button component="a" href="#benefits" size="lg" variant="subtle">
              {t('hero.more')}
            </Button>
          </div>
          <ul className={classes.heroFacts}>
            <li>{t('hero.fact1')}</li>
            <li>{t('hero.fact2')}</li>
            <li>{t('hero.fact3')}</li>
          </ul>
        </div>
        <AuthPanel id="get-started" />
      </Container>
    </section>
  );
}
