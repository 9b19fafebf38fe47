// The namespaces every first screen needs (lib/i18n.ts START_NAMESPACES), one chunk per language:
// the landing page fetches one small file per language instead of one per namespace.
const uz = () => import('./start-uz');
const en = () => import('./start-en');
const ru = () => import('./start-ru');

export const START_BUNDLES: Record<string, () => Promise<{ default: Record<string, unknown> }>> = {
  uz,
  en,
  ru,
};
