export * from './http-client';
export * from './http-error';
export * from './interceptor';
export * from './http';
export * from './basic-credentials';
