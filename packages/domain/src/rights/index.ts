export * from './flags';
export * from './schemas';
export * from './operations';
export * from './catalogue';
export * from './rights-table';
export * from './form-rules';
export * from './start-page';
