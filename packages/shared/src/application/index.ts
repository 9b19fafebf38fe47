// The application wizard's shared rules (issue 9): step schemas, stages, confirm completeness.
export * from './application-form.js';
export * from './choice-steps.js';
export * from './contact-steps.js';
export * from './description.js';
export * from './document-types.js';
export * from './draft.js';
export * from './entries.js';
export * from './messages.js';
export * from './next-steps.js';
export * from './offers.js';
export * from './passport.js';
export * from './personal-step.js';
export * from './referees.js';
export * from './review.js';
export * from './stages.js';
export * from './status.js';
export * from './step-fields.js';
