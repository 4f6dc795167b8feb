export * from './flags';
export * from './operations';
export * from './catalogue';
export * from './rights-table';
export * from './form-rules';
