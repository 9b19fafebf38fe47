import '@mantine/core/styles.css';
import '../styles/global.css';
import { Container, Title } from '@mantine/core';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { Providers } from '../app/providers';
import { DocumentsStep } from '../features/application-wizard/steps/documents-step';
import { ExperienceStep } from '../features/application-wizard/steps/experience-step';
import { LanguagesStep } from '../features/application-wizard/steps/languages-step';
import { QualificationsStep } from '../features/application-wizard/steps/qualifications-step';
import { createI18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';

// step-preview.html?step=documents: one wizard step alone on the Vite dev server, so the
// screenshot script (apps/web/scripts/screenshots-wizsteps.mjs) can look at it at phone and
// desktop widths while the wizard's frame is built elsewhere. The script fakes /api.

const STEPS = {
  qualifications: QualificationsStep,
  languages: LanguagesStep,
  experience: ExperienceStep,
  documents: DocumentsStep,
};
const id = (new URLSearchParams(window.location.search).get('step') ?? 'documents') as keyof typeof STEPS;
const Step = STEPS[id] ?? DocumentsStep;
const i18n = await createI18n();
await i18n.loadNamespaces(['wizard', 'enums', 'validation']);

createRoot(document.getElementById('root') as HTMLElement).render(
  <Providers i18n={i18n} queryClient={createQueryClient()}>
    <MemoryRouter>
      <Container size="md" py="md">
        <Title order={1} size="h2" mb="md">
          {i18n.t(`wizard:steps.${id}`)}
        </Title>
        <Step studentId={7} onValidityChange={() => {}} />
      </Container>
    </MemoryRouter>
  </Providers>,
);
