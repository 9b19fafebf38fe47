// The application wizard's public entry (scripts/check-layers.mjs: other features import it from here).
export { wizardApi, wizardKeys } from './wizard-api';
