/** Traceback (§2 named screen): a client's connections and roams over a period. */
export * from './api';
