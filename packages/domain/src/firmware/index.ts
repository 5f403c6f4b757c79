/** Firmware files, the per-model catalogue, upgrade stages and the version order. */
export * from './api';
export * from './rules';
export * from './version';
