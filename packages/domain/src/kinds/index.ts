export * from './document';
export * from './registry';
export * from './render';
