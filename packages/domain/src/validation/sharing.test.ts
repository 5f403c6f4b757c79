import { describe, expect, it } from 'vitest';
import {
  parseShareAccount,
  SHARE_ACCOUNT_INVALID_MESSAGE,
  SHARE_ACCOUNT_REQUIRED_MESSAGE,
  shareAccountIssue,
  shareAccountSchema,
} from './sharing';

describe('sharing account must be valid (§5): an e-mail or a mobile number', () => {
  it.each([
    ['installer@example.com', { email: 'installer@example.com' }],
    ['  Li.Wei@Example.COM ', { email: 'li.wei@example.com' }],
    ['13800138000', { countryCode: '86', mobile: '13800138000' }],
    ['+86 13800138000', { countryCode: '86', mobile: '13800138000' }],
    ['+44 7700 900123', { countryCode: '44', mobile: '7700900123' }],
    ['+1-2025550143', { countryCode: '1', mobile: '2025550143' }],
    ['138-0013-8000', { countryCode: '86', mobile: '13800138000' }],
  ])('%j passes as %j', (value, account) => {
    expect(shareAccountIssue(value)).toBeNull();
    expect(parseShareAccount(value)).toEqual(account);
    expect(shareAccountSchema.parse(value)).toEqual(account);
  });

  it.each([
    ['', SHARE_ACCOUNT_REQUIRED_MESSAGE],
    ['   ', SHARE_ACCOUNT_REQUIRED_MESSAGE],
    ['installer@', 'Enter a valid e-mail address, like name@example.com.'],
    ['a@b', 'Enter a valid e-mail address, like name@example.com.'],
    ['two words@example.com', 'Enter a valid e-mail address, like name@example.com.'],
    ['Li Wei', SHARE_ACCOUNT_INVALID_MESSAGE],
    ['1380013800a', SHARE_ACCOUNT_INVALID_MESSAGE],
    ['+86', SHARE_ACCOUNT_INVALID_MESSAGE],
    ['1380013800', 'Enter an 11-digit mobile number starting with 1.'], // 10 digits, +86 by default
    ['23800138000', 'Enter an 11-digit mobile number starting with 1.'],
    ['+44 1234', 'A mobile number has 5–15 digits.'],
    ['+44 1234567890123456', 'A mobile number has 5–15 digits.'],
    ['+12345 13800138000', SHARE_ACCOUNT_INVALID_MESSAGE], // prefix of 5 digits
    ['+8613800138000', SHARE_ACCOUNT_INVALID_MESSAGE], // prefix not separated from the number
  ])('%j fails: %s', (value, message) => {
    expect(shareAccountIssue(value)).toBe(message);
    expect(parseShareAccount(value)).toBeNull();
    const r = shareAccountSchema.safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});
