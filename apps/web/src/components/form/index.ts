export * from './use-zod-form';
export * from './server-errors';
export * from './form-text-field';
export * from './outlined-text-field';
export * from './form-switch';
export * from './form-select';
export * from './form-multi-select';
