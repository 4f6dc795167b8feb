export * from './outlet';
export * from './check-plans';
export * from './readings';
export * from './outlet-csv';
export * from './api';
export * from './check-period';
