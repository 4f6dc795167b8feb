export * from './kinds';
export * from './notifications';
