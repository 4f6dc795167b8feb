export * from './rules';
export * from './payload';
export * from './api';
