/** The account feature's public interface: accounts as sign-in and the demo ask for them. */

export type { AccountAdministration, AccountSearch } from './admin';
export { type AccountDeps, type AccountFeature, type Accounts, createAccountFeature } from './feature';
export type { AccountKey } from './store';
