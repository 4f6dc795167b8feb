export * from './kinds';
export * from './notifications';
export * from './api';
export * from './rules';
export * from './placement';
export * from './flush-and-battery';
export * from './channels';
export * from './escalation-stages';
