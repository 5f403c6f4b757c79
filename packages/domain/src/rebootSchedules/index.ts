/** Reboot schedules: who may have which, the plan's rules and slots, and the endpoints. */
export * from './api';
export * from './rules';
