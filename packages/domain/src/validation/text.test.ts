import { describe, expect, it } from 'vitest';
import {
  asciiNameIssue,
  asciiNameSchema,
  hasEmoji,
  optionalTextSchema,
  shortNameIssue,
  textIssue,
  textSchema,
  utf8Length,
} from './text';

describe('general text rules: not blank, no emoticons, no outer spaces, a maximum', () => {
  const rules = { label: 'Nickname', max: 5 };
  it.each([
    ['Alice', null],
    ['A b', null],
    ['五个汉字好', null], // 5 characters, 15 bytes: the limit counts characters
    ['', 'Nickname is required.'],
    ['   ', 'Nickname is required.'],
    ['hi😀', 'Nickname cannot contain emoticons.'],
    ['🇨🇳', 'Nickname cannot contain emoticons.'],
    [' Al', 'Nickname cannot start or end with a space.'],
    ['Al ', 'Nickname cannot start or end with a space.'],
    ['Alice!', 'Nickname must be 1–5 characters.'],
  ])('%j → %j', (s, expected) => {
    expect(textIssue(s, rules)).toBe(expected);
  });

  it('the schema gives the same message as the function', () => {
    const r = textSchema(rules).safeParse(' x');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Nickname cannot start or end with a space.');
  });
  it('optional text accepts empty but keeps the other rules', () => {
    const schema = optionalTextSchema(rules);
    expect(schema.safeParse('').success).toBe(true);
    expect(schema.safeParse('toolong').success).toBe(false);
  });
  it('detects emoji variants but not plain symbols', () => {
    expect(hasEmoji('ok ✔️')).toBe(true);
    expect(hasEmoji('1#*')).toBe(false);
  });
});

describe('Name or SSID: 1–32 printable ASCII bytes', () => {
  const max32 = 'a'.repeat(32);
  it.each([
    ['a', null],
    [max32, null],
    ['Office-5G_2 (guest)', null],
    ['~!@#$%^&*()', null],
    ['', 'Name is required.'],
    [`${max32}b`, 'Name must be 1–32 characters.'],
    ['café', 'Name may contain only printable ASCII characters.'],
    ['办公室', 'Name may contain only printable ASCII characters.'],
    ['tab\there', 'Name may contain only printable ASCII characters.'],
    ['wifi😀', 'Name cannot contain emoticons.'],
    [' lead', 'Name cannot start or end with a space.'],
    ['trail ', 'Name cannot start or end with a space.'],
  ])('%j → %j', (s, expected) => {
    expect(asciiNameIssue(s)).toBe(expected);
  });
  it('multi-byte characters count as several bytes', () => {
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('汉')).toBe(3);
  });
  it('counts UTF-8 bytes exactly as TextEncoder writes them (pairs, lone surrogates, mixed)', () => {
    const encoder = new TextEncoder();
    for (const s of [
      '',
      'abc',
      'é汉😀',
      '😀😀x',
      '\ud83d',
      'a\ude00b',
      '\ud83d\ud83d\ude00',
      'ß\u07ff\u0800\uffff',
    ])
      expect(utf8Length(s), JSON.stringify(s)).toBe(encoder.encode(s).length);
  });
  it('schema uses the label given', () => {
    expect(asciiNameSchema('SSID').safeParse('').error?.issues[0]?.message).toBe('SSID is required.');
  });
});

describe('short names: 1–16 characters without spaces or emoticons', () => {
  it.each([
    ['ap1', null],
    ['a'.repeat(16), null],
    ['前台路由器', null],
    ['', 'Name is required.'],
    ['a'.repeat(17), 'Name must be 1–16 characters.'],
    ['my ap', 'Name cannot contain spaces.'],
    ['ap😀', 'Name cannot contain emoticons.'],
  ])('%j → %j', (s, expected) => {
    expect(shortNameIssue(s)).toBe(expected);
  });
});
