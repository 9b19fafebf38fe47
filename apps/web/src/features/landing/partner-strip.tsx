import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';
import { PARTNERS } from './partners';

function PartnerLogos({ hidden = false }: { hidden?: boolean }) {
  return (
    <ul className={classes.logos} aria-hidden={hidden || undefined}>
      {PARTNERS.map((p) => (
        <li key={p.name} className={classes.logo}>
          <span className={classes.logoMark} style={{ background: p.color }}>
            {p.mark}
          </span>
          <span className={classes.logoName}>{p.name}</span>
        </li>
      ))}
    </ul>
  );
}

/** Spec 1: a partner logo strip, repeated to fill the width (the copy is hidden from screen readers). */
export function PartnerStrip() {
  const { t } = useTranslation('landing');
  return (
    <section className={classes.partners} aria-labelledby="partners-title">
      <Container size="lg">
        <Title order={2} id="partners-title" className={classes.partnersTitle}>
          {t('partners.title')}
        </Title>
      </Container>
      <div className={classes.marquee}>
        <div className={classes.track}>
          <PartnerLogos />
          <PartnerLogos hidden />
        </div>
      </div>
    </section>
  );
}
