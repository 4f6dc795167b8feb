export * from './format';
export * from './csv';
export * from './day-input';
