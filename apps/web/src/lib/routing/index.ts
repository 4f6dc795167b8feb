export * from './route-handle';
export * from './crumb-labels';
