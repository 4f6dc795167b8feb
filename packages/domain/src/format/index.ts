export * from './format';
export * from './csv';
