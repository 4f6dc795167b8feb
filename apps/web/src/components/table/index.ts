export * from './client-rows';
export * from './confirm-dialog';
export * from './delete-rows';
export * from './list-state';
export * from './list-table';
export * from './list-toolbar';
export * from './use-list-state';
export * from './scroll-region';
