import { describe, expect, it } from 'vitest';
import {
  countryCodeSchema,
  emailCodeSchema,
  emailSchema,
  mobileIssue,
  passwordIssue,
  passwordSchema,
  smsCodeSchema,
} from './account';

describe('account password: 6–32 characters, no spaces, no emoticons', () => {
  it.each([
    ['abc123', null],
    ['a'.repeat(32), null],
    ['P@ss!word#1', null],
    ['', 'Enter a password.'],
    ['abc12', 'A password has 6–32 characters.'],
    ['a'.repeat(33), 'A password has 6–32 characters.'],
    ['abc 123', 'A password cannot contain spaces.'],
    ['abc123😀', 'A password cannot contain emoticons.'],
  ])('%j → %j', (s, expected) => {
    expect(passwordIssue(s)).toBe(expected);
    expect(passwordSchema.safeParse(s).success).toBe(expected === null);
  });
});

describe('e-mail address', () => {
  it.each(['name@example.com', 'first.last+tag@mail.example.co.uk', ' Name@Example.COM '])(
    'accepts %j',
    (s) => {
      expect(emailSchema.safeParse(s).success).toBe(true);
    },
  );
  it.each(['', 'name', 'name@', '@example.com', 'name@example', 'na me@example.com', 'a@b..com'])(
    'refuses %j',
    (s) => {
      expect(emailSchema.safeParse(s).success).toBe(false);
    },
  );
  it('normalises to lower case and trims', () => {
    expect(emailSchema.parse(' Name@Example.COM ')).toBe('name@example.com');
  });
  it('says what is wrong', () => {
    expect(emailSchema.safeParse('name@').error?.issues[0]?.message).toBe(
      'Enter a valid e-mail address, like name@example.com.',
    );
  });
});

describe('mobile number with country code', () => {
  it.each([
    ['13800138000', '86', null],
    ['1380013800', '86', 'Enter an 11-digit mobile number starting with 1.'],
    ['23800138000', '86', 'Enter an 11-digit mobile number starting with 1.'],
    ['138001380001', '86', 'Enter an 11-digit mobile number starting with 1.'],
    ['2025550123', '1', null],
    ['12345', '44', null],
    ['1234', '44', 'A mobile number has 5–15 digits.'],
    ['1'.repeat(16), '44', 'A mobile number has 5–15 digits.'],
    ['', '86', 'Enter your mobile number.'],
    ['138-0013-8000', '86', 'A mobile number contains digits only.'],
  ])('%j (+%s) → %j', (mobile, cc, expected) => {
    expect(mobileIssue(mobile, cc)).toBe(expected);
  });
  it('country code defaults to 86 and is 1–4 digits', () => {
    expect(countryCodeSchema.parse(undefined)).toBe('86');
    expect(countryCodeSchema.safeParse('12345').success).toBe(false);
    expect(countryCodeSchema.safeParse('+86').success).toBe(false);
  });
});

describe('verification codes: e-mail 6 digits, SMS 4 digits', () => {
  it.each([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
  ])('e-mail code %j valid=%s', (s, ok) => {
    expect(emailCodeSchema.safeParse(s).success).toBe(ok);
  });
  it.each([
    ['1234', true],
    ['123', false],
    ['12345', false],
    ['12a4', false],
  ])('SMS code %j valid=%s', (s, ok) => {
    expect(smsCodeSchema.safeParse(s).success).toBe(ok);
  });
  it('messages name the length', () => {
    expect(smsCodeSchema.safeParse('1').error?.issues[0]?.message).toBe('The SMS code has 4 digits.');
    expect(emailCodeSchema.safeParse('1').error?.issues[0]?.message).toBe('The e-mail code has 6 digits.');
  });
});
