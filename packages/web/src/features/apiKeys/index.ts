/** The API keys feature's public face (issue 14 §6): My account's "API keys" card. */
export { ApiKeysCard } from './ApiKeysCard';
