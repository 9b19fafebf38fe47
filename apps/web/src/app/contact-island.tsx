// The one part of the prerendered landing page that needs React: its contact form (validation,
// sending, the thanks). src/first-screen.ts loads this when the form comes near the screen or is
// used; it draws the form anew in the card, starting from what the visitor already typed, with
// focus kept, and sends it when it was submitted before this arrived. docs/decisions.md: "The
// first screen runs no React".
import type { TContactMessageInput } from '@uniapply/shared';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ContactForm } from '../features/landing/contact-form';
import { createI18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { Providers } from './providers';

const FIELDS = ['name', 'email', 'message'] as const;

function typedValues(card: HTMLElement): TContactMessageInput {
  const value = (name: string) =>
    card.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)?.value ?? '';
  return { name: value('name'), email: value('email'), message: value('message') };
}

/** Draws the form in `card`; sends it at once when the page's form was submitted before (`data-submitted`). */
export async function mountContactForm(card: HTMLElement): Promise<void> {
  const i18n = await createI18n();
  // Read and drawn in one task: nothing typed in between is lost.
  const values = typedValues(card);
  const focused = FIELDS.find((field) => document.activeElement?.id === `contact-${field}`);
  flushSync(() =>
    createRoot(card).render(
      <StrictMode>
        <Providers i18n={i18n} queryClient={createQueryClient()}>
          <ContactForm initialValues={values} />
        </Providers>
      </StrictMode>,
    ),
  );
  if (focused) {
    const input = document.getElementById(`contact-${focused}`) as HTMLInputElement | null;
    input?.focus();
    // The caret after the typed text (an email input has no selection to set).
    if (input && input.type !== 'email') input.setSelectionRange(input.value.length, input.value.length);
  }
  if (card.dataset.submitted) card.querySelector('form')?.requestSubmit();
}
