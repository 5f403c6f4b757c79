/** Account management: who may use it, its statuses and audit actions, and the endpoints. */
export * from './api';
export * from './flagLabels';
export * from './rules';
