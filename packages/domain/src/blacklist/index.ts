/**
 * The client blacklist (issue 15 §4): the project's `blacklist` settings kind, its rules (156),
 * view and endpoints.
 */
export * from './api';
export * from './endpoints';
export * from './issues';
export { blacklistKind, type DeviceBlacklistSection, deviceBlacklistSchema } from './kind';
export * from './settings';
