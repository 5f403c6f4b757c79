export * from './api';
export * from './managementMode';
export * from './rules';
export * from './staticPages';
