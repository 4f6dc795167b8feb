export * from './use-zod-form';
export * from './server-errors';
export * from './form-text-field';
