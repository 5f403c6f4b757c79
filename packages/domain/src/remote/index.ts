/** Remote web management: who may open a device's page through the console, and the endpoints. */
export * from './api';
export * from './rules';
