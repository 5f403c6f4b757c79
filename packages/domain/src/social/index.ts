/** Social sign-in through OpenID Connect providers: rules, page paths and the endpoints. */
export * from './api';
export * from './rules';
