/**
 * The texts every status screen reads: its own, the enums (document type names in requests) and,
 * since issue 22, the offer's and the letter's (the card draws them below the status).
 * Each component of the feature asks for both, so the first one drawn loads both at once: a
 * namespace first asked for by a part drawn later (a request's name) would suspend the page
 * again, hiding what it already showed.
 */
export const STATUS_NAMESPACES = ['status', 'enums', 'offers', 'offerLetters', 'common'] as const;

/** The same set with the offers' texts first (their components' keys are written without a prefix). */
export const OFFER_NAMESPACES = ['offers', 'status', 'enums', 'offerLetters', 'common'] as const;

/** The same set with the offer letter's texts first. */
export const OFFER_LETTER_NAMESPACES = ['offerLetters', 'status', 'enums', 'offers', 'common'] as const;
