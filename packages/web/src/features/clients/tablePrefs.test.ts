import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_PREFS, parseClientPrefs } from './tablePrefs';

describe('parseClientPrefs', () => {
  it('reads a stored value', () => {
    const stored = { hiddenColumns: ['ip'], shrink: true, pageSize: 50, sort: 'rssi', order: 'asc' };
    expect(parseClientPrefs(stored)).toEqual(stored);
  });
  it('falls back to defaults for missing, foreign or out-of-range values', () => {
    expect(parseClientPrefs(null)).toEqual(DEFAULT_CLIENT_PREFS);
    expect(parseClientPrefs('x')).toEqual(DEFAULT_CLIENT_PREFS);
    const odd = parseClientPrefs({ pageSize: 33, sort: 'password', order: 'sideways' });
    expect(odd.pageSize).toBe(DEFAULT_CLIENT_PREFS.pageSize);
    expect(odd.sort).toBe('uptime');
    expect(odd.order).toBe('desc');
    expect(odd.hiddenColumns).toEqual(DEFAULT_CLIENT_PREFS.hiddenColumns);
  });
});
