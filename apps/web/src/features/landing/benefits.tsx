import { Container, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

const STUDENT_POINTS = ['scholarships', 'oneProfile', 'tracking', 'languages'] as const;
const PARTNER_POINTS = ['events', 'profile', 'agents', 'quality'] as const;

function BenefitBlock({ kind, points }: { kind: 'students' | 'partners'; points: readonly string[] }) {
  const { t } = useTranslation('landing');
  return (
    <article className={classes.benefit} data-kind={kind} aria-labelledby={`benefits-${kind}`}>
      <Title order={3} id={`benefits-${kind}`} className={classes.benefitTitle}>
        {t(`benefits.${kind}.title`)}
      </Title>
      <Text className={classes.benefitLead}>{t(`benefits.${kind}.lead`)}</Text>
      <ul className={classes.points}>
        {points.map((point) => (
          <li key={point}>
            <IconCircleCheck size={22} stroke={1.8} aria-hidden className={classes.pointIcon} />
            <span>
              <strong>{t(`benefits.${kind}.${point}.title`)}</strong> {t(`benefits.${kind}.${point}.text`)}
            </span>
          </li>
        ))}
      </ul>
    </article>
  );
}

/** Spec 1: student and partner benefit blocks (fees from 25% off to full scholarships, events, profile). */
export function Benefits() {
  const { t } = useTranslation('landing');
  return (
    <section id="benefits" className={classes.section} aria-labelledby="benefits-title">
      <Container size="lg">
        <Title order={2} id="benefits-title" className={classes.sectionTitle}>
          {t('benefits.title')}
        </Title>
        <div className={classes.grid2}>
          <BenefitBlock kind="students" points={STUDENT_POINTS} />
          <BenefitBlock kind="partners" points={PARTNER_POINTS} />
        </div>
      </Container>
    </section>
  );
}
