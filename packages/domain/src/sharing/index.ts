/** Project sharing: expiry, the §6/§9 limits with their codes, who may manage shares, invitation codes, endpoints. */
export * from './api';
export * from './rules';
