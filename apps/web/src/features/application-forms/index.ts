// The application-forms feature's public entry (scripts/check-layers.mjs: other features import it from here).
export { StudentApplicationForms } from './student-application-forms';
