export * from './rules';
export * from './catalogue';
export * from './periods';
export * from './form';
export * from './same-value';
export * from './words';
