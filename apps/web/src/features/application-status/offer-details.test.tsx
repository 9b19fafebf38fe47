import { screen } from '@testing-library/react';
import { OFFER_CONDITION_STATES, type TOffer } from '@uniapply/shared';
import { describe, expect, it } from 'vitest';
import { offerOn, renderScreen } from '../../testing';
import { OfferDetails } from './offer-details';

// Issue 22: a condition's state badge is a tint with readable text (the offer-journey screenshots
// showed solid orange bars: a colour with a shade made Mantine's light variant fill the badge with
// that shade and write in the light tint's colour on it).

const offer: TOffer = {
  ...offerOn(1, '2027-03-01T15:59:00.000Z'),
  conditions: OFFER_CONDITION_STATES.map((state, i) => ({
    id: i + 1,
    kind: 'other' as const,
    text: `Condition ${state}`,
    state,
    evidenceFileId: null,
    evidenceFileName: null,
    evidenceAt: null,
    decidedAt: null,
  })),
};

describe('the offer’s condition badges', () => {
  it('are light tints with dark text, whatever the state', async () => {
    const { container } = await renderScreen(<OfferDetails offer={offer} />);
    await screen.findByText('Pending');
    const badges = [...container.querySelectorAll<HTMLElement>('[data-state]')];
    expect(badges.map((b) => b.dataset.state)).toEqual([...OFFER_CONDITION_STATES]);
    for (const badge of badges) {
      // The tint (…-light), never a full shade, behind the text.
      expect(badge.style.getPropertyValue('--badge-bg')).toMatch(/^var\(--mantine-color-\w+-light\)$/);
      // The text in the one readable colour of the status and offer-type badges.
      const label = badge.querySelector<HTMLElement>('.mantine-Badge-label')!;
      expect(label.style.color).toBe('var(--mantine-color-dark-9)');
    }
  });
});
