/** Transfer of a project's ownership: the request, the owner's code and the endpoints. */
export * from './api';
export * from './mask';
