export * from './apiRoutes';
export * from './permissions';
export * from './tree';
export * from './visibility';
export * from './search';
