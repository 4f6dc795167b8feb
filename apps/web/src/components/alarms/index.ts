export * from './alarm-state-chip';
