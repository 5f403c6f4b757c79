import type { SendCodeResponse, VerificationPurpose } from '@netloom/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { CodeMailer } from '../../transport/mail';
import type { SmsSender } from '../../transport/sms';
import { type CodeDestination, CodeService } from './codes';
import { CodeStore } from './store';

/**
 * Verification codes: what the sign-in feature (register, SMS sign-in, password reset) and the
 * account feature (binding an e-mail) ask of this one.
 */
export interface VerificationCodes {
  /** Issues a code and delivers it (e-mail or SMS); refuses early resends and the SMS limits. */
  send(dest: CodeDestination, purpose: VerificationPurpose): Promise<SendCodeResponse>;
  /** Checks and consumes the newest code of a target and purpose (12 wrong, 75 burnt). */
  verify(target: string, purpose: VerificationPurpose, code: string): Promise<void>;
}

export interface VerificationDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  mailer: CodeMailer;
  sms: SmsSender;
}

export interface VerificationFeature extends Feature, VerificationCodes {}

/**
 * Verification codes by e-mail (6 digits) and SMS (4 digits): issued, stored hashed with expiry and
 * purpose, delivered, checked once. No routes of its own: the features that need a code ask it.
 */
export function createVerificationFeature(deps: VerificationDeps): VerificationFeature {
  const codes = new CodeService(new CodeStore(deps.db), deps.mailer, deps.sms, deps.clock, deps.logger);
  return {
    name: 'verification',
    send: (dest, purpose) => codes.send(dest, purpose),
    verify: (target, purpose, code) => codes.verify(target, purpose, code),
  };
}
