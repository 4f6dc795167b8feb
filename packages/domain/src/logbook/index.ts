export * from './rulebooks';
export * from './report';
export * from './periods';
export * from './report-sections';
export * from './verify';
export * from './sign-off';
export * from './report-job';
export * from './deviations';
