export * from './rulebooks';
