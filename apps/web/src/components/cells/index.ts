export * from './cell-rules';
export * from './sync-cell';
export * from './signal-cell';
export * from './temperature-cell';
export * from './wrapped-text-cell';
