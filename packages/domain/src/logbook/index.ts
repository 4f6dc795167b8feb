export * from './rulebooks';
export * from './report';
export * from './periods';
