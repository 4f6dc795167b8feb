export * from './constants';
export * from './rights';
export * from './validation';
export * from './i18n';
export * from './auth';
export * from './users';
export * from './places';
export * from './products';
