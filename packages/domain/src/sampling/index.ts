export * from './thresholds';
export * from './plan';
export * from './api';
export * from './lab-csv';
export * from './notification';
export * from './point-csv';
export * from './dashboard';
export * from './report';
