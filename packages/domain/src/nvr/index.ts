/** NVR disks and cameras: the format rule, its duration and the endpoints. */
export * from './api';
export * from './rules';
