export * from './fake-api';
export { matchesFilter, valueAtPath } from './fake-filter';
export * from './fake-upload';
export * from './render';
