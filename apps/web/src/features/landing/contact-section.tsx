import { Container, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

// Below the fold: the form, its inputs and its validation arrive after the first paint.
const ContactForm = lazy(() => import('./contact-form').then((m) => ({ default: m.ContactForm })));

export function ContactSection() {
  const { t } = useTranslation('landing');
  return (
    <section id="contact" className={classes.section} aria-labelledby="contact-title">
      <Container size="lg" className={classes.contact}>
        <div>
          <Title order={2} id="contact-title" className={classes.sectionTitle}>
            {t('contact.title')}
          </Title>
          <Text className={classes.contactLead}>{t('contact.lead')}</Text>
        </div>
        {/* On the prerendered page, src/first-screen.ts hands this card to app/contact-island.tsx. */}
        <div className={classes.contactCard} data-contact-card="">
          <Suspense fallback={<div className={classes.contactPlaceholder} />}>
            <ContactForm />
          </Suspense>
        </div>
      </Container>
    </section>
  );
}
