import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

const STUDENTS = [
  { key: 'madina', name: 'Madina Yusupova', initials: 'MY' },
  { key: 'jasur', name: 'Jasur Toshmatov', initials: 'JT' },
  { key: 'aigerim', name: 'Aigerim Nurlanova', initials: 'AN' },
] as const;

/** Spec 1: three student testimonials. */
export function Testimonials() {
  const { t } = useTranslation('landing');
  return (
    <section id="testimonials" className={classes.sectionTinted} aria-labelledby="testimonials-title">
      <Container size="lg">
        <Title order={2} id="testimonials-title" className={classes.sectionTitle}>
          {t('testimonials.title')}
        </Title>
        <div className={classes.grid3}>
          {STUDENTS.map((s) => (
            <figure key={s.key} className={classes.quote}>
              <blockquote className={classes.quoteText}>
                <p>“{t(`testimonials.${s.key}.quote`)}”</p>
              </blockquote>
              <figcaption className={classes.quoteBy}>
                <span className={classes.quoteAvatar} aria-hidden="true">
                  {s.initials}
                </span>
                <span>
                  <Text fw={700} size="sm" component="span" display="block">
                    {s.name}
                  </Text>
                  <Text size="sm" c="dimmed" component="span" display="block">
                    {t(`testimonials.${s.key}.where`)}
                  </Text>
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </Container>
    </section>
  );
}
