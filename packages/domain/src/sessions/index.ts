export * from './api';
export * from './userAgent';
