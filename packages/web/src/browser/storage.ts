import {
  ACCESS_TYPES,
  type AccessType,
  DEFAULT_ACCESS_TYPE,
  type SessionProject,
  sessionProjectSchema,
} from '@netloom/domain';

/**
 * The ONE module that touches localStorage / sessionStorage (spec §3 "Browser-stored items",
 * §4 logout, §6 web vs non-web sessions). Every other file goes through `storage`.
 * Reads never throw: a missing, corrupt or blocked store reads as the default.
 */

const KEYS = {
  accessType: 'nl.accessType',
  lastAccount: 'nl.lastAccount',
  lastNick: 'nl.lastNick',
  rightWidth: 'nl.rightWidth',
  floatingCoordinate: 'nl.floatingCoordinate',
  floatingStatus: 'nl.floatingStatus',
  topoTips: 'nl.topoTipStatus',
  upgradeInfo: 'nl.upgradeInfo',
  tableShrink: 'nl.tableShrink',
  globalStore: 'nl.store',
  /** Per account: `nl.analytics.<accountId>` (the analytics queue, kept across logouts). */
  analyticsQueue: 'nl.analytics',
  // session storage
  project: 'nl.project',
  token: 'nl.token',
  analyticsTerminal: 'nl.analyticsTerminal',
} as const;

export interface FloatingCoordinate {
  x: number;
  y: number;
}
export type FloatingStatus = 'open' | 'closed' | 'minimized';
export interface UpgradeInfo {
  showUpgradeAlertInfo: boolean;
}

function area(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be disabled (privacy mode, sandboxed iframes): behave as empty.
    return null;
  }
}

function read(kind: 'local' | 'session', key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
function write(kind: 'local' | 'session', key: string, value: string | null): void {
  try {
    const s = area(kind);
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Quota exceeded or blocked: losing a UI preference is acceptable.
  }
}

function readJson<T>(kind: 'local' | 'session', key: string, guard: (v: unknown) => v is T): T | null {
  const raw = read(kind, key);
  if (raw === null) return null;
  try {
    const v: unknown = JSON.parse(raw);
    return guard(v) ? v : null;
  } catch {
    return null;
  }
}
function writeJson(kind: 'local' | 'session', key: string, value: unknown): void {
  write(kind, key, value === null || value === undefined ? null : JSON.stringify(value));
}

/** UTF-8 safe base64 (§3: last account and nick are stored base64-encoded; nicks may be non-ASCII). */
export function toBase64(s: string): string {
  const bytes = new TextEncoder().encode(s);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}
export function fromBase64(b64: string): string | null {
  try {
    const bin = atob(b64);
    return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isCoordinate = (v: unknown): v is FloatingCoordinate => isObject(v) && isNumber(v.x) && isNumber(v.y);
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isUpgradeInfo = (v: unknown): v is UpgradeInfo =>
  isObject(v) && typeof v.showUpgradeAlertInfo === 'boolean';
const isShrinkMap = (v: unknown): v is Record<string, Record<string, unknown>> =>
  isObject(v) && Object.values(v).every(isObject);

export const storage = {
  // ── Access type (default web) ─────────────────────────────────────────────────────────────────
  getAccessType(): AccessType {
    const v = read('local', KEYS.accessType);
    return (ACCESS_TYPES as readonly string[]).includes(v ?? '') ? (v as AccessType) : DEFAULT_ACCESS_TYPE;
  },
  setAccessType(v: AccessType): void {
    write('local', KEYS.accessType, v);
  },

  // ── Last sign-in account and nick, base64-encoded ─────────────────────────────────────────────
  getLastAccount(): string | null {
    const v = read('local', KEYS.lastAccount);
    return v === null ? null : fromBase64(v);
  },
  setLastAccount(account: string): void {
    write('local', KEYS.lastAccount, toBase64(account));
  },
  getLastNick(): string | null {
    const v = read('local', KEYS.lastNick);
    return v === null ? null : fromBase64(v);
  },
  setLastNick(nick: string): void {
    write('local', KEYS.lastNick, toBase64(nick));
  },

  // ── Layout: right-panel width, floating window ────────────────────────────────────────────────
  getRightWidth(): number | null {
    const v = Number(read('local', KEYS.rightWidth));
    return Number.isFinite(v) && v > 0 ? v : null;
  },
  setRightWidth(px: number): void {
    write('local', KEYS.rightWidth, String(Math.round(px)));
  },
  getFloatingCoordinate(): FloatingCoordinate | null {
    return readJson('local', KEYS.floatingCoordinate, isCoordinate);
  },
  setFloatingCoordinate(c: FloatingCoordinate): void {
    writeJson('local', KEYS.floatingCoordinate, c);
  },
  getFloatingStatus(): FloatingStatus | null {
    const v = read('local', KEYS.floatingStatus);
    return v === 'open' || v === 'closed' || v === 'minimized' ? v : null;
  },
  setFloatingStatus(s: FloatingStatus): void {
    write('local', KEYS.floatingStatus, s);
  },

  // ── Seen topology tips ────────────────────────────────────────────────────────────────────────
  getSeenTopoTips(): string[] {
    return readJson('local', KEYS.topoTips, isStringList) ?? [];
  },
  markTopoTipSeen(tip: string): void {
    const seen = storage.getSeenTopoTips();
    if (!seen.includes(tip)) writeJson('local', KEYS.topoTips, [...seen, tip]);
  },

  // ── Upgrade alert ─────────────────────────────────────────────────────────────────────────────
  getUpgradeInfo(): UpgradeInfo {
    return readJson('local', KEYS.upgradeInfo, isUpgradeInfo) ?? { showUpgradeAlertInfo: true };
  },
  setUpgradeInfo(info: UpgradeInfo): void {
    writeJson('local', KEYS.upgradeInfo, info);
  },

  // ── Per-account table preferences (kept across logouts: they belong to the account) ───────────
  getTablePrefs<T extends Record<string, unknown>>(accountId: number, table: string): Partial<T> | null {
    const all = readJson('local', KEYS.tableShrink, isShrinkMap) ?? {};
    return (all[`${accountId}:${table}`] as Partial<T> | undefined) ?? null;
  },
  setTablePrefs(accountId: number, table: string, prefs: Record<string, unknown>): void {
    const all = readJson('local', KEYS.tableShrink, isShrinkMap) ?? {};
    writeJson('local', KEYS.tableShrink, { ...all, [`${accountId}:${table}`]: prefs });
  },

  // ── Analytics (issue 15 §3): the queue per account (local), the terminal key (this tab) ──────────
  /** The account's analytics queue as stored (its shape is checked by the analytics feature). */
  getAnalyticsQueue(accountId: number): unknown {
    return readJson('local', `${KEYS.analyticsQueue}.${accountId}`, isObject);
  },
  setAnalyticsQueue(accountId: number, value: Record<string, unknown>): void {
    writeJson('local', `${KEYS.analyticsQueue}.${accountId}`, value);
  },
  getAnalyticsTerminal(): unknown {
    return readJson('session', KEYS.analyticsTerminal, isObject);
  },
  setAnalyticsTerminal(value: Record<string, unknown> | null): void {
    writeJson('session', KEYS.analyticsTerminal, value);
  },

  // ── Global store: base64-encoded JSON object ──────────────────────────────────────────────────
  getGlobalStore(): Record<string, unknown> {
    const raw = read('local', KEYS.globalStore);
    const json = raw === null ? null : fromBase64(raw);
    if (json === null) return {};
    try {
      const v: unknown = JSON.parse(json);
      return isObject(v) ? v : {};
    } catch {
      return {};
    }
  },
  setGlobalStoreItem(key: string, value: unknown): void {
    const next = { ...storage.getGlobalStore(), [key]: value };
    write('local', KEYS.globalStore, toBase64(JSON.stringify(next)));
  },

  // ── Session storage: current project and the bearer token of non-web access ───────────────────
  getProject(): SessionProject | null {
    const raw = read('session', KEYS.project);
    if (raw === null) return null;
    try {
      const parsed = sessionProjectSchema.safeParse(JSON.parse(raw));
      return parsed.success && parsed.data.id > 0 ? parsed.data : null;
    } catch {
      return null;
    }
  },
  setProject(p: SessionProject | null): void {
    writeJson('session', KEYS.project, p);
  },
  getToken(): string | null {
    return read('session', KEYS.token);
  },
  setToken(token: string | null): void {
    write('session', KEYS.token, token);
  },

  /**
   * Logout (§4): clears the session token, project, last account and nick, access type, panel
   * widths, floating coordinates and status, topology tips and the global store, and sets the
   * upgrade alert to show again. Per-account table preferences stay.
   */
  clearOnLogout(): void {
    write('session', KEYS.token, null);
    write('session', KEYS.project, null);
    for (const key of [
      KEYS.lastAccount,
      KEYS.lastNick,
      KEYS.accessType,
      KEYS.rightWidth,
      KEYS.floatingCoordinate,
      KEYS.floatingStatus,
      KEYS.topoTips,
      KEYS.globalStore,
    ]) {
      write('local', key, null);
    }
    storage.setUpgradeInfo({ showUpgradeAlertInfo: true });
  },
};

/** Storage keys, exported for tests (e2e asserts what logout leaves behind). */
export const STORAGE_KEYS = KEYS;
