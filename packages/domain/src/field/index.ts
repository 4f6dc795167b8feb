export * from './label';
export * from './labels-sheet';
export * from './outlet-label';
