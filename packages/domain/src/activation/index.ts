/** Activation statistics (issue 15 §2): who sees them, periods and ranges, and the endpoints. */
export * from './api';
export * from './rules';
