/** Scan-to-login (issue 14 §3, spec §2 "app scan", §4 scan login states): tickets and endpoints. */
export * from './api';
export * from './states';
