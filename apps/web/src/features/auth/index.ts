// The auth feature's public entry (scripts/check-layers.mjs: other features import it from here).
export { meQueryKey, useSession } from './session';
