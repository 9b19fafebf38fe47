/**
 * The texts every status screen reads: its own and the enums (document type names in requests).
 * Each component of the feature asks for both, so the first one drawn loads both at once: a
 * namespace first asked for by a part drawn later (a request's name) would suspend the page
 * again, hiding what it already showed.
 */
export const STATUS_NAMESPACES = ['status', 'enums'] as const;
