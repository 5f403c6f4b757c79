export * from './distance';
export * from './duration';
export * from './units';
