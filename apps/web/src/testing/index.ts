export * from './fake-api';
export { matchesFilter, valueAtPath } from './fake-filter';
export * from './render';
