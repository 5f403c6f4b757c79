/** Configuration backup and restore: the rules (who, when, the cap) and the endpoints. */
export * from './api';
export * from './rules';
