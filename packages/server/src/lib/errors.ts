import { ERR, type ErrorCode, type FieldIssue } from '@netloom/domain';

/** Default HTTP status per catalogue code; the body's `code` is what clients read. */
const STATUS: Partial<Record<number, number>> = {
  [ERR.INVALID_PARAMETERS]: 400,
  [ERR.NOT_SIGNED_IN]: 401,
  [ERR.PASSWORD_CHANGED]: 401,
  [ERR.LOGGED_IN_ELSEWHERE]: 401,
  [ERR.NO_PERMISSION]: 403,
  [ERR.READ_ONLY_SHARE]: 403,
  [ERR.READ_ONLY_PROJECT]: 403,
  [ERR.PROJECT_INVALID]: 404,
  [ERR.NOT_EXIST]: 404,
  [ERR.ACCOUNT_EXISTS]: 409,
  [ERR.DATA_EXISTS]: 409,
  [ERR.SMS_LIMIT_MINUTE]: 429,
  [ERR.SMS_LIMIT_HOUR]: 429,
  [ERR.SMS_LIMIT_DAY]: 429,
  [ERR.REPEATED_CLICK]: 429,
  [ERR.LOGIN_LOCKED]: 429,
  [ERR.VERIFY_ATTEMPTS_EXCEEDED]: 429,
  [ERR.PROJECT_LIMIT]: 409,
  [ERR.DAILY_PROJECT_LIMIT]: 429,
  [ERR.IMAGE_TOO_LARGE]: 413,
  [ERR.CODE_SEND_FAILED]: 502,
  [ERR.SERVER_ERROR]: 500,
};

/**
 * The one error type features throw. The error handler (plugins/errors.ts) turns it into
 * `{ code, message, issues? }` with the catalogue message; features never format errors themselves.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    statusCode?: number,
    readonly issues?: FieldIssue[],
    /** Sent as the envelope's `data` (e.g. the newer version of a 414). */
    readonly data?: unknown,
  ) {
    super(`AppError ${code}`);
    this.name = 'AppError';
    this.statusCode = statusCode ?? STATUS[code] ?? 400;
  }
}

/** A 400 for one field, with the same kind of message the form shows. */
export function invalidField(path: string, message: string): AppError {
  return new AppError(ERR.INVALID_PARAMETERS, 400, [{ path, message }]);
}
