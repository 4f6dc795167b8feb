export * from './token-storage';
export * from './current-user';
export * from './session';
