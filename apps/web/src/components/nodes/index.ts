export * from './node-cells';
export * from './node-list';
