/** The accounts feature's public interface: its constructor only (nothing else asks it). */
export { type AccountsDeps, createAccountsFeature } from './feature';
