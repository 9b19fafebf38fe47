// The auth feature's public entry (scripts/check-layers.mjs: other features import it from here).
export { AuthPanel } from './auth-panel';
export { returnUrlFrom } from './google-login';
export { LanguageSwitcher } from './language-switcher';
export { meQueryKey, useSession } from './session';
