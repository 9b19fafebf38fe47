export * from './application-status.js';
export * from './catalogue.js';
export * from './files.js';
export * from './jobs.js';
export * from './mail.js';
export * from './offers.js';
export * from './people.js';
export * from './students.js';
