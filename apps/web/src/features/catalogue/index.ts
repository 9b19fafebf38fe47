// The catalogue feature's public entry (scripts/check-layers.mjs: other features import it from here):
// the display fields and filters other maintenance screens share.
export { FIRST_NAME_FILTER, PASSPORT, PROGRESS, STUDENT_NAMES, UNIVERSITIES } from './shared-fields';
