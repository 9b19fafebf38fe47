import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Benefits } from './benefits';
import { ContactSection } from './contact-section';
import { Hero } from './hero';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { PartnerStrip } from './partner-strip';
import { Testimonials } from './testimonials';

/** The public landing page at `/` (spec 1). */
export function LandingPage() {
  const { t } = useTranslation('landing');
  useEffect(() => {
    document.title = t('meta.title');
  }, [t]);
  return (
    <>
      <LandingHeader />
      <main>
        <Hero />
        <PartnerStrip />
        <Benefits />
        <Testimonials />
        <ContactSection />
      </main>
      <LandingFooter />
    </>
  );
}
