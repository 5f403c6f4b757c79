/** Device maintenance: restart, locate and reset — the rules of who may and the endpoints. */
export * from './api';
export * from './rules';
