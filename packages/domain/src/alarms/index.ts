export * from './kinds';
export * from './api';
