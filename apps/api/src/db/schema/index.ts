export * from './catalogue.js';
export * from './people.js';
export * from './students.js';
export * from './files.js';
