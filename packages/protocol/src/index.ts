export * from './codec';
export * from './examples';
export * from './identity';
export * from './jsonSchema';
export * from './limits';
export * from './messages';
export * from './topics';
