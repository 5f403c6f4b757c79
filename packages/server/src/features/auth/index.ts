/**
 * The auth feature's public interface: sessions and permission flags for the infrastructure, a
 * credential-less sign-in for the live demo.
 */
export {
  type AccountSessions,
  type Auth,
  type AuthDeps,
  type AuthFeature,
  createAuthFeature,
  type SessionRecord,
} from './feature';
export type { AccountPermissions } from './permissions';
