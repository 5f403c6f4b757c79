import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromBase64, STORAGE_KEYS, storage, toBase64 } from './storage';

/** A tiny in-memory Storage: enough of the Web Storage API for the storage module. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  /** Everything stored, for assertions. */
  dump(): Record<string, string> {
    return Object.fromEntries(this.items);
  }
}

let local: MemoryStorage;
let session: MemoryStorage;

beforeEach(() => {
  local = new MemoryStorage();
  session = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: local, sessionStorage: session });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('last account and nick (§3: base64-encoded)', () => {
  it('stores both base64-encoded and reads them back, non-ASCII nicks included', () => {
    storage.setLastAccount('installer@example.com');
    storage.setLastNick('李工 Zoë');
    expect(local.getItem(STORAGE_KEYS.lastAccount)).toBe(btoa('installer@example.com'));
    expect(local.getItem(STORAGE_KEYS.lastNick)).toBe(toBase64('李工 Zoë'));
    expect(local.getItem(STORAGE_KEYS.lastNick)).not.toContain('李');
    expect(storage.getLastAccount()).toBe('installer@example.com');
    expect(storage.getLastNick()).toBe('李工 Zoë');
  });

  it('reads nothing when absent, and ignores values that are not base64', () => {
    expect(storage.getLastAccount()).toBeNull();
    local.setItem(STORAGE_KEYS.lastAccount, '%%% not base64 %%%');
    expect(storage.getLastAccount()).toBeNull();
    expect(fromBase64('@@')).toBeNull();
  });
});

describe('corrupt values read as defaults', () => {
  it.each([
    ['accessType', 'root', () => storage.getAccessType(), 'web'],
    ['rightWidth', 'wide', () => storage.getRightWidth(), null],
    ['rightWidth', '-20', () => storage.getRightWidth(), null],
    ['floatingCoordinate', '{"x":1}', () => storage.getFloatingCoordinate(), null],
    ['floatingCoordinate', '{not json', () => storage.getFloatingCoordinate(), null],
    ['floatingStatus', 'exploded', () => storage.getFloatingStatus(), null],
    ['topoTips', '[1,2]', () => storage.getSeenTopoTips(), []],
    [
      'upgradeInfo',
      '{"showUpgradeAlertInfo":"no"}',
      () => storage.getUpgradeInfo(),
      { showUpgradeAlertInfo: true },
    ],
    ['globalStore', 'not base64!', () => storage.getGlobalStore(), {}],
    ['globalStore', btoa('[1,2,3]'), () => storage.getGlobalStore(), {}],
    ['tableShrink', '{"1:devices":5}', () => storage.getTablePrefs(1, 'devices'), null],
  ] as const)('%s = %j → %j', (key, raw, read, expected) => {
    local.setItem(STORAGE_KEYS[key], raw);
    expect(read()).toEqual(expected);
  });

  it('a project in session storage must match the schema and have an id', () => {
    session.setItem(STORAGE_KEYS.project, '{"id":"seven"}');
    expect(storage.getProject()).toBeNull();
    session.setItem(STORAGE_KEYS.project, 'not json');
    expect(storage.getProject()).toBeNull();
  });

  it('a store that throws (blocked storage) reads as empty and writes are dropped', () => {
    const blocked = new MemoryStorage();
    blocked.getItem = () => {
      throw new Error('SecurityError');
    };
    blocked.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    vi.stubGlobal('window', { localStorage: blocked, sessionStorage: blocked });
    expect(storage.getAccessType()).toBe('web');
    expect(() => storage.setLastAccount('a@b.co')).not.toThrow();
    expect(storage.getLastAccount()).toBeNull();
  });
});

describe('the global store (§3: base64-encoded JSON)', () => {
  it('merges items and keeps them base64-encoded', () => {
    storage.setGlobalStoreItem('theme', 'light');
    storage.setGlobalStoreItem('sider', { collapsed: true });
    const raw = local.getItem(STORAGE_KEYS.globalStore) ?? '';
    expect(JSON.parse(fromBase64(raw) ?? '')).toEqual({ theme: 'light', sider: { collapsed: true } });
    expect(storage.getGlobalStore()).toEqual({ theme: 'light', sider: { collapsed: true } });
  });
});

describe('per-account table preferences', () => {
  it('keeps each account’s settings apart and per table', () => {
    storage.setTablePrefs(1, 'devices:ap', { pageSize: 50 });
    storage.setTablePrefs(2, 'devices:ap', { pageSize: 10 });
    storage.setTablePrefs(1, 'projects', { hidden: ['location'] });
    expect(storage.getTablePrefs(1, 'devices:ap')).toEqual({ pageSize: 50 });
    expect(storage.getTablePrefs(2, 'devices:ap')).toEqual({ pageSize: 10 });
    expect(storage.getTablePrefs(1, 'projects')).toEqual({ hidden: ['location'] });
    expect(storage.getTablePrefs(3, 'devices:ap')).toBeNull();
    storage.setTablePrefs(1, 'devices:ap', { pageSize: 20 });
    expect(storage.getTablePrefs(1, 'devices:ap')).toEqual({ pageSize: 20 });
    expect(storage.getTablePrefs(2, 'devices:ap')).toEqual({ pageSize: 10 });
  });
});

describe('logout (§4)', () => {
  it('clears exactly the listed items, re-arms the upgrade alert and keeps table preferences', () => {
    storage.setAccessType('openapi');
    storage.setLastAccount('installer@example.com');
    storage.setLastNick('Li');
    storage.setRightWidth(420);
    storage.setFloatingCoordinate({ x: 10, y: 20 });
    storage.setFloatingStatus('minimized');
    storage.markTopoTipSeen('drag');
    storage.setGlobalStoreItem('theme', 'dark');
    storage.setUpgradeInfo({ showUpgradeAlertInfo: false });
    storage.setTablePrefs(7, 'devices:ap', { pageSize: 50 });
    storage.setProject({ id: 12, right: 'own', netMode: 0, projectName: 'Harbour Hotel' });
    storage.setToken('bearer-token');
    // Items of other software on the same origin are not ours to clear.
    local.setItem('other.app', 'keep');
    session.setItem('other.app', 'keep');
    expect(storage.getProject()).toMatchObject({ id: 12 });

    storage.clearOnLogout();

    expect(local.dump()).toEqual({
      [STORAGE_KEYS.upgradeInfo]: JSON.stringify({ showUpgradeAlertInfo: true }),
      [STORAGE_KEYS.tableShrink]: JSON.stringify({ '7:devices:ap': { pageSize: 50 } }),
      'other.app': 'keep',
    });
    expect(session.dump()).toEqual({ 'other.app': 'keep' });
    expect(storage.getAccessType()).toBe('web');
    expect(storage.getUpgradeInfo()).toEqual({ showUpgradeAlertInfo: true });
    expect(storage.getTablePrefs(7, 'devices:ap')).toEqual({ pageSize: 50 });
  });
});
