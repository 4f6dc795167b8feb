export * from './label';
export * from './labels-sheet';
