export * from './accountManagement';
export * from './apiRoutes';
export * from './permissions';
export * from './search';
export * from './tree';
export * from './visibility';
