export * from './rulebooks';
export * from './report';
export * from './periods';
export * from './report-sections';
export * from './sign-off';
