export * from './token-mask';
export * from './delivery-rules';
export * from './payload';
export * from './api';
export * from './platform-display';
export * from './platform-problems';
