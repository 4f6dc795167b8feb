export * from './snackbar-context';
export * from './snackbar-provider';
