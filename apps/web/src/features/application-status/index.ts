// The application-status feature's public entry (scripts/check-layers.mjs: other features import it from here).
export { ActionNeededBanner, type TWaitingApplication } from './action-needed-banner';
export { StatusBadge } from './status-badge';
export { fetchStatusList, statusKeys } from './status-queries';
