export * from './message-key';
export * from './validators';
export * from './issues';
export * from './storable-text';
export * from './guessable-passwords';
