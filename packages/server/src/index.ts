export { type AppDeps, buildApp, createLogger } from './app';
export { type Config, ConfigError, configOptions, loadConfig } from './config';
export { type DbHandle, openDatabase } from './db';
export { migrateToLatest } from './db/migrate';
export type { CodeMailer } from './transport/mail';
export type { SmsMessage, SmsSender } from './transport/sms';
