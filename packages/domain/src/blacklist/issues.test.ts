import { describe, expect, it } from 'vitest';
import { ERR } from '../errors/catalogue';
import { MAX_BLACKLIST_ENTRIES } from '../limits';
import { blacklistFull, blacklistIssues } from './issues';
import {
  type BlacklistSettings,
  blacklistMacIssue,
  blacklistNameIssue,
  blacklistSettingsSchema,
} from './settings';

const mac = (i: number) =>
  `02:00:00:00:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`.toUpperCase();
const list = (n: number): BlacklistSettings => ({
  entries: Array.from({ length: n }, (_, i) => ({ mac: mac(i), name: '', addedAt: 0 })),
});

describe('blacklist rules', () => {
  it('holds 100 entries and refuses the 101st with 156 and the catalogue message', () => {
    expect(blacklistIssues(list(MAX_BLACKLIST_ENTRIES))).toEqual([]);
    expect(blacklistFull(list(MAX_BLACKLIST_ENTRIES))).toBe(true);
    expect(blacklistFull(list(MAX_BLACKLIST_ENTRIES - 1))).toBe(false);
    const [issue] = blacklistIssues(list(MAX_BLACKLIST_ENTRIES + 1));
    expect(issue).toEqual({
      path: 'entries',
      code: ERR.BLACKLIST_LIMIT,
      message: 'The blacklist can hold at most 100 entries.',
    });
  });

  it('refuses a MAC twice (whatever its letter case) with 500', () => {
    const s = list(2);
    s.entries.push({ mac: mac(1).toLowerCase(), name: '', addedAt: 0 });
    expect(blacklistIssues(s).map((i) => [i.path, i.code])).toEqual([
      ['entries.2.mac', ERR.BLACKLIST_ENTRY_EXISTS],
    ]);
  });

  it.each([
    ['AA:BB:CC:DD:EE:FF', true],
    ['aa:bb:cc:dd:ee:0f', true],
    ['AA-BB-CC-DD-EE-FF', false],
    ['AA:BB:CC:DD:EE', false],
    ['GG:BB:CC:DD:EE:FF', false],
    ['', false],
  ])('MAC %s valid: %s (the client list validator)', (m, ok) => {
    expect(blacklistMacIssue(m) === null).toBe(ok);
    expect(blacklistSettingsSchema.safeParse({ entries: [{ mac: m, addedAt: 0 }] }).success).toBe(ok);
  });

  it('takes an optional name under the general text rules', () => {
    const parsed = blacklistSettingsSchema.parse({ entries: [{ mac: 'AA:BB:CC:DD:EE:FF', addedAt: 1 }] });
    expect(parsed.entries[0]).toEqual({ mac: 'AA:BB:CC:DD:EE:FF', name: '', addedAt: 1 });
    expect(blacklistNameIssue('')).toBeNull();
    expect(blacklistNameIssue('Lobby tablet')).toBeNull();
    expect(blacklistNameIssue(' padded')).not.toBeNull();
    expect(blacklistNameIssue('x'.repeat(33))).not.toBeNull();
  });
});
