import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  EMAIL_CODE_LENGTH,
  ERR,
  type SendCodeResponse,
  SMS_CODE_LENGTH,
  SMS_LIMIT_PER_DAY,
  SMS_LIMIT_PER_HOUR,
  SMS_LIMIT_PER_MINUTE,
  type VerificationPurpose,
} from '@netloom/domain';
import type { Logger } from 'pino';
import { type Clock, isoAt } from '../../lib/clock';
import { randomDigits, randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { CodeMailer } from '../../transport/mail';
import { type SmsSender, smsText } from '../../transport/sms';
import type { CodeStore } from './store';

/** Where a code goes. `target` is the stored key: the e-mail, or `+<cc> <mobile>`. */
export type CodeDestination =
  | { channel: 'email'; email: string }
  | { channel: 'sms'; countryCode: string; mobile: string };

export function codeTarget(d: CodeDestination): string {
  return d.channel === 'email' ? d.email : `+${d.countryCode} ${d.mobile}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Verification codes: generated, stored hashed with expiry and purpose, delivered, checked.
 * SMS limits per number (53 minute, 51 hour, 52 rolling 24 h) and the resend countdown for
 * e-mail (2010) are enforced here.
 */
export class CodeService {
  constructor(
    private readonly store: CodeStore,
    private readonly mailer: CodeMailer,
    private readonly sms: SmsSender,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  async send(dest: CodeDestination, purpose: VerificationPurpose): Promise<SendCodeResponse> {
    const target = codeTarget(dest);
    const now = this.clock.now();
    // Older than every window (24 h SMS limit, 30 min lock + 5 min window): safe to forget.
    await this.store.pruneTarget(target, isoAt(now - 2 * DAY));
    await this.checkLimits(dest, target, now);

    const code = randomDigits(dest.channel === 'email' ? EMAIL_CODE_LENGTH : SMS_CODE_LENGTH);
    const salt = randomToken(12);
    const id = await this.store.insertCode({
      channel: dest.channel,
      target,
      purpose,
      salt,
      codeHash: sha256(`${salt}:${code}`),
      now: isoAt(now),
      expiresAt: isoAt(now + CODE_TTL_SECONDS * 1000),
    });
    try {
      if (dest.channel === 'email') await this.mailer.sendCode(dest.email, code);
      else {
        await this.sms.send({
          countryCode: dest.countryCode,
          mobile: dest.mobile,
          code,
          text: smsText(code),
        });
      }
    } catch (err) {
      // An undelivered code must neither be usable nor start a countdown or count against limits.
      await this.store.deleteCode(id);
      this.log.error({ err, channel: dest.channel }, 'verification code delivery failed');
      throw new AppError(ERR.CODE_SEND_FAILED);
    }
    if (dest.channel === 'sms') await this.store.recordSmsSend(target, isoAt(now));
    return { resendAfter: CODE_RESEND_SECONDS, expiresIn: CODE_TTL_SECONDS };
  }

  private async checkLimits(dest: CodeDestination, target: string, now: number): Promise<void> {
    const latest = await this.store.latestCodeFor(target);
    const tooSoon = latest !== undefined && Date.parse(latest.created_at) > now - CODE_RESEND_SECONDS * 1000;
    if (dest.channel === 'email') {
      if (tooSoon) throw new AppError(ERR.REPEATED_CLICK);
      return;
    }
    // Longest window first: the message then tells the user how long to wait.
    if ((await this.store.countSmsSince(target, isoAt(now - DAY))) >= SMS_LIMIT_PER_DAY) {
      throw new AppError(ERR.SMS_LIMIT_DAY);
    }
    if ((await this.store.countSmsSince(target, isoAt(now - HOUR))) >= SMS_LIMIT_PER_HOUR) {
      throw new AppError(ERR.SMS_LIMIT_HOUR);
    }
    if (tooSoon || (await this.store.countSmsSince(target, isoAt(now - MINUTE))) >= SMS_LIMIT_PER_MINUTE) {
      throw new AppError(ERR.SMS_LIMIT_MINUTE);
    }
  }

  /**
   * Checks and consumes the newest code for the target and purpose. Wrong/expired/used → 12; the
   * CODE_MAX_ATTEMPTS-th wrong guess burns the code → 75 (also for every later try).
   */
  async verify(target: string, purpose: VerificationPurpose, code: string): Promise<void> {
    const row = await this.store.latestCode(target, purpose);
    const now = this.clock.now();
    if (!row) throw new AppError(ERR.WRONG_VERIFICATION_CODE);
    if (row.attempts >= CODE_MAX_ATTEMPTS) throw new AppError(ERR.VERIFY_ATTEMPTS_EXCEEDED);
    if (row.consumed_at !== null || Date.parse(row.expires_at) <= now) {
      throw new AppError(ERR.WRONG_VERIFICATION_CODE);
    }
    if (safeEqual(sha256(`${row.salt}:${code}`), row.code_hash)) {
      if (await this.store.consumeCode(row.id, isoAt(now))) return;
      throw new AppError(ERR.WRONG_VERIFICATION_CODE);
    }
    const burnt = row.attempts + 1 >= CODE_MAX_ATTEMPTS;
    await this.store.recordCodeAttempt(row.id, burnt ? isoAt(now) : null);
    throw new AppError(burnt ? ERR.VERIFY_ATTEMPTS_EXCEEDED : ERR.WRONG_VERIFICATION_CODE);
  }
}
