/** The sessions feature's public face (issue 14 §5): My account's "Sessions" card. */
export { SessionsCard } from './SessionsCard';
