import { describe, expect, it } from 'vitest';
import {
  catalogue,
  ERR,
  ERROR_GROUPS,
  errorMessage,
  errorName,
  GENERAL_MESSAGES,
  isKnownCode,
  NETLOOM_ADDED_CODES,
  RETIRED_CODES,
  SPEC_CODE_RANGES,
  unknownErrorMessage,
} from './catalogue';

// Every code of the §8 table, written out once more by hand so that a code dropped from the
// catalogue fails here rather than in front of a user.
const SPEC_SINGLE_CODES = [
  0, 1, 4, 6, 12, 13, 14, 15, 21, 22, 23, 24, 26, 27, 28, 31, 33, 36, 94, 40, 44, 51, 52, 53, 54, 55, 56, 57,
  61, 62, 64, 65, 67, 69, 70, 71, 72, 73, 74, 75, 76, 133, 80, 87, 88, 93, 153, 154, 89, 92, 135, 408, 2008,
  91, 2004, 100, 131, 140, 156, 138, 139, 142, 152, 158, 159, 160, 161, 162, 163, 164, 166, 167, 168, 173,
  916, 186, 187, 188, 189, 190, 251, 413, 254, 258, 400, 404, 406, 407, 410, 411, 412, 414, 914, 1160, 1161,
  1162, 2000, 2001, 2003, 2004, 2005, 2006, 2007, 2009, 2010, -99,
];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

describe('error catalogue', () => {
  const rows = catalogue();

  it('gives every name a unique code', () => {
    const codes = rows.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('keeps every name once across the area tables (no silent override when assembling)', () => {
    const total = Object.values(ERROR_GROUPS).reduce((n, group) => n + Object.keys(group).length, 0);
    expect(Object.keys(ERR)).toHaveLength(total);
  });

  it('names are UPPER_SNAKE', () => {
    for (const { name } of rows) expect(name).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  it('gives every code a non-empty message that ends with a period', () => {
    for (const { code, message } of rows) {
      expect(message.trim().length, `code ${code}`).toBeGreaterThan(1);
      expect(message.endsWith('.'), `code ${code}: ${message}`).toBe(true);
      expect(errorMessage(code)).toBe(message);
    }
  });

  it('contains every single code of the §8 table', () => {
    for (const code of SPEC_SINGLE_CODES) expect(isKnownCode(code), `code ${code}`).toBe(true);
  });

  it.each(SPEC_CODE_RANGES.map((r) => [`${r.from}–${r.to}`, r.from, r.to] as const))(
    'range %s: every code present with its own message',
    (_label, from, to) => {
      const codes = range(from, to);
      for (const code of codes) expect(isKnownCode(code), `code ${code}`).toBe(true);
      const messages = codes.map(errorMessage);
      expect(new Set(messages).size).toBe(codes.length);
    },
  );

  it('gives distinct messages across all ranged codes (no copy-paste between ranges)', () => {
    const codes = SPEC_CODE_RANGES.flatMap((r) => range(r.from, r.to));
    expect(new Set(codes.map(errorMessage)).size).toBe(codes.length);
  });

  it('keeps the names and codes other packages already use', () => {
    const zero: 0 = ERR.SUCCESS; // compile-time: codes stay literal types
    expect(zero).toBe(0);
    expect(ERR.PASSWORD_CHANGED).toBe(70);
    expect(ERR.LOGIN_LOCKED).toBe(80);
    expect(ERR.WRONG_OLD_PASSWORD).toBe(100);
    expect(ERR.READ_ONLY_PROJECT).toBe(173);
    expect(ERR.READ_ONLY_SHARE).toBe(916);
    expect(ERR.DAILY_PROJECT_LIMIT).toBe(1160);
    expect(ERR.REPEATED_CLICK).toBe(2010);
    expect(ERR.VLAN_IP_OVERLAPS_LAN).toBe(103);
    expect(ERR.FREE_REGISTRATION_MODE).toBe(914);
    expect(ERR.CONFIG_FAILED).toBe(-99);
  });

  it('keeps the Netloom additions 401, 403, 405, 415–420, 436, 450–451, 460–466, 470–472, 475, 480–487, 490–494, 495–497, 498, 500–501, 505, 510–516, 520–521, 522–528, 530–536, 538–539, 540–541 and 580', () => {
    expect(NETLOOM_ADDED_CODES).toEqual([
      ERR.NOT_SIGNED_IN,
      ERR.NO_PERMISSION,
      ERR.DEMO_BLOCKED,
      ERR.VERSION_TOO_LOW,
      ERR.EEE_PORT_IN_USE,
      ERR.WIFI_SEARCH_NO_SIGNAL,
      ERR.UPLINK_WIFI_INCONSISTENT,
      ERR.MOBILE_NOT_REGISTERED,
      ERR.SIX_GHZ_NEEDS_WPA3,
      ERR.UNKNOWN_TIME_ZONE,
      ERR.NOTIFY_CHANNEL_LIMIT,
      ERR.NOTIFY_CHANNEL_EXISTS,
      ERR.MAP_TOO_LARGE,
      ERR.MAP_PDF_TOO_MANY_PAGES,
      ERR.MAP_FILE_TYPE,
      ERR.MAP_FILE_DAMAGED,
      ERR.MAP_PAGE_IMAGES_MISMATCH,
      ERR.MAP_SCALE_FIRST,
      ERR.MAP_DEVICE_NOT_PLACEABLE,
      ERR.TOPOLOGY_MANUAL_LIMIT,
      ERR.TOPOLOGY_PARENT_UNKNOWN,
      ERR.TOPOLOGY_PARENT_PORT,
      ERR.DATA_SCREEN_TOO_MANY_COUNTRIES,
      ERR.FIRMWARE_FILE_TYPE,
      ERR.FIRMWARE_TOO_LARGE,
      ERR.FIRMWARE_DOWNLOAD_FAILED,
      ERR.FIRMWARE_HASH_MISMATCH,
      ERR.FIRMWARE_UPGRADE_FAILED,
      ERR.BACKUP_OTHER_MODEL,
      ERR.BACKUP_FILE_INVALID,
      ERR.BACKUP_NOT_SYNCHRONISED,
      ERR.REBOOT_SCHEDULE_KIND,
      ERR.REBOOT_SCHEDULE_AP_CYCLIC_ONLY,
      ERR.REBOOT_SCHEDULE_EXISTS,
      ERR.REBOOT_SCHEDULE_NOT_FOUND,
      ERR.REBOOT_ONLINE_UNDER_AN_HOUR,
      ERR.REMOTE_MGMT_TOO_MANY,
      ERR.REMOTE_MGMT_SESSION_INVALID,
      ERR.REMOTE_MGMT_PAGE_FAILED,
      ERR.DISK_FORMAT_TIMEOUT,
      ERR.BLACKLIST_ENTRY_EXISTS,
      ERR.BLACKLIST_ENTRY_NOT_FOUND,
      ERR.ACTIVATION_RANGE_INVALID,
      ERR.ANALYTICS_TERMINAL_UNKNOWN,
      ERR.ANALYTICS_BAD_SIGNATURE,
      ERR.ANALYTICS_STALE_TIMESTAMP,
      ERR.ANALYTICS_TOO_LARGE,
      ERR.ANALYTICS_MALFORMED,
      ERR.ANALYTICS_TOO_MANY_EVENTS,
      ERR.ANALYTICS_CONTENT_TYPE,
      ERR.ACCOUNT_DISABLED,
      ERR.OWN_ACCOUNT_PROTECTED,
      ERR.SOLUTION_NOT_FOUND,
      ERR.SOLUTION_DEVICE_LIMIT,
      ERR.SOLUTION_MODEL_ROLE,
      ERR.SCENARIO_NAME_SYSTEM,
      ERR.SCENARIO_NAME_EXISTS,
      ERR.SCENARIO_NOT_FOUND,
      ERR.SOLUTION_TOO_LARGE,
      ERR.EXPERIENCE_CAPACITY,
      ERR.EXPERIENCE_NOT_FOUND,
      ERR.REMOTE_MGMT_SOCKETS_TOO_MANY,
      ERR.REMOTE_MGMT_SOCKET_OTHER_NODE,
      ERR.REMOTE_MGMT_SOCKET_REFUSED,
      ERR.MANAGEMENT_MODE_UNCHANGED,
      ERR.MANAGEMENT_MODE_TIMEOUT,
      ERR.AP_PLAN_GOAL_UNREACHABLE,
      ERR.AP_PLAN_NO_RADIO,
      ERR.SCAN_LOGIN_REFUSED,
      ERR.SCAN_LOGIN_NOT_CONFIRMED,
      ERR.API_KEY_LIMIT,
    ]);
    expect(errorName(483)).toBe('FIRMWARE_HASH_MISMATCH');
    expect(errorName(465)).toBe('MAP_SCALE_FIRST');
    expect(errorMessage(ERR.MAP_SCALE_FIRST)).toBe('Scale line must be drawn first.');
    expect(errorMessage(ERR.MAP_TOO_LARGE)).toBe('Upload failed: the map is larger than 5 MB.');
    expect(errorMessage(ERR.MAP_PDF_TOO_MANY_PAGES)).toBe('The PDF has more than 15 pages.');
    expect(errorName(420)).toBe('SIX_GHZ_NEEDS_WPA3');
    expect(errorMessage(ERR.MOBILE_NOT_REGISTERED)).toBe(GENERAL_MESSAGES.MOBILE_NOT_REGISTERED);
    expect(errorName(415)).toBe('VERSION_TOO_LOW');
    expect(errorName(417)).toBe('WIFI_SEARCH_NO_SIGNAL');
    expect(errorName(418)).toBe('UPLINK_WIFI_INCONSISTENT');
    expect(errorMessage(ERR.WIFI_SEARCH_NO_SIGNAL)).toBe(GENERAL_MESSAGES.WIFI_SEARCH_NO_SIGNAL);
    expect(errorName(416)).toBe('EEE_PORT_IN_USE');
    expect(errorName(401)).toBe('NOT_SIGNED_IN');
    expect(errorName(403)).toBe('NO_PERMISSION');
    expect(errorName(405)).toBe('DEMO_BLOCKED');
    // The demo code carries the §8 general message the "Got it" modal shows.
    expect(errorMessage(ERR.DEMO_BLOCKED)).toBe(GENERAL_MESSAGES.DEMO_BLOCKED);
  });

  it.each([5, 999, 1148, 99999, -1])(
    'falls back to the unknown-network-error message for code %i',
    (code) => {
      expect(isKnownCode(code)).toBe(false);
      expect(errorName(code)).toBeNull();
      expect(errorMessage(code)).toBe(unknownErrorMessage(code));
      expect(errorMessage(code)).toMatch(new RegExp(`^Unknown network error \\(code ${code}\\)`));
    },
  );

  it('never reuses a retired code', () => {
    for (const code of RETIRED_CODES) expect(isKnownCode(code), `retired code ${code}`).toBe(false);
    expect(new Set(RETIRED_CODES).size).toBe(RETIRED_CODES.length);
  });

  it('sorts catalogue rows by code', () => {
    const codes = rows.map((r) => r.code);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
  });
});

describe('general messages (no code)', () => {
  it('are distinct sentences ending with a period', () => {
    const messages = Object.values(GENERAL_MESSAGES);
    expect(new Set(messages).size).toBe(messages.length);
    for (const m of messages) expect(m).toMatch(/^[A-Z].*\.$/);
  });

  it('cover the general conditions of §8', () => {
    for (const key of [
      'LOCAL_MODE_UNSUPPORTED',
      'DEMO_BLOCKED',
      'RESTART_FAILED',
      'EEE_PORTS_IN_USE',
      'VERSION_TOO_LOW',
      'UPGRADE_ONLINE_ONLY',
      'RF_TOO_FEW_ONLINE',
      'WIFI_SEARCH_NO_SIGNAL',
      'UPLINK_WIFI_INCONSISTENT',
      'SCAN_LOGIN_EXPIRED',
      'BROWSER_TOO_OLD',
      'MOBILE_NOT_REGISTERED',
      'NO_PERMISSION',
    ]) {
      expect(GENERAL_MESSAGES).toHaveProperty(key);
    }
  });
});
