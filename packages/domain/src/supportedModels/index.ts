/** Supported cloud-version models (issue 15 §2): pictures, summaries and the endpoint. */
export * from './api';
export * from './rules';
