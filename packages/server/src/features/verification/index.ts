/**
 * The verification feature's public interface: verification codes by e-mail and SMS, for the
 * features that need one (sign-in, the account's e-mail binding).
 */
export { type CodeDestination, codeTarget } from './codes';
export {
  createVerificationFeature,
  type VerificationCodes,
  type VerificationDeps,
  type VerificationFeature,
} from './feature';
