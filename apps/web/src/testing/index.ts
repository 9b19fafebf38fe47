export * from './fake-api';
export * from './fake-application';
export { matchesFilter, valueAtPath } from './fake-filter';
export * from './fake-hub';
export * from './fake-notifications';
export * from './fake-status';
export * from './fake-upload';
export * from './render';
