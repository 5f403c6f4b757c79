import { describe, expect, it } from 'vitest';
import * as L from './limits';

// A plain object, not the namespace: the table below looks constants up by name.
const LIMITS: Record<string, unknown> = { ...L };

// The §9 figures, checked against the named constants so that a typo in limits.ts shows here.
describe('limits of §9', () => {
  it.each([
    ['MAX_WIRELESS_POLICIES', 32],
    ['MAX_SCHEDULE_PERIODS', 4],
    ['MAX_CLIENTS_PER_BAND', 128],
    ['VLAN_DEFAULT_MIN', 10],
    ['VLAN_DEFAULT_MAX', 4094],
    ['IMPORT_MAX_DEVICES', 500],
    ['IMAGE_MAX_BYTES', 10 * 1024 * 1024],
    ['MAP_MAX_BYTES', 5 * 1024 * 1024],
    ['MAP_PDF_MAX_PAGES', 15],
    ['FIRMWARE_MAX_BYTES', 60 * 1024 * 1024],
    ['BACKUP_MAX_PER_PROJECT', 128],
    ['BACKUP_MIN_INTERVAL_SECONDS', 180],
    ['ALARM_DOWNLOAD_MAX', 50_000],
    ['RF_LOG_LATEST', 20],
    ['MAX_CUSTOM_SCENARIOS', 20],
    ['DATA_SCREEN_MAX_COUNTRIES', 5],
    ['PROJECT_MAX_GATEWAYS', 1],
    ['PROJECT_MAX_ACS', 1],
    ['PROJECT_MAX_ACCESS_SWITCHES', 99],
    ['PROJECT_MAX_CORE_SWITCHES', 99],
    ['PROJECT_MAX_APS', 999],
    ['SHARE_MAX_PERMANENT_RW', 3],
    ['SHARE_MAX_READ_ONLY', 32],
    ['SHARE_MAX_READ_WRITE', 8],
    ['SHARE_MAX_MANAGEABLE_PER_PROJECT', 11],
    ['WIFI_SEARCH_SECONDS', 30],
    ['CPE_MODE_SWITCH_SECONDS', 120],
    ['REBOOT_SECONDS', 60],
    ['RESET_SECONDS', 180],
    ['UPGRADE_SECONDS', 300],
    ['POE_REBOOT_SECONDS', 120],
    ['ANALYTICS_BATCH_SIZE', 20],
    ['ANALYTICS_FLUSH_MS', 30_000],
    ['ANALYTICS_CHECK_MS', 10_000],
    ['APP_VERSION', 'v1.8.80'],
    ['IDLE_POLL_MS', 3_000],
    ['TOOLTIP_MAX_WIDTH', 240],
    ['UNIT_STEP', 1024],
    ['DEFAULT_COUNTRY_CODE', '86'],
    ['PAGE_SIZE_LABEL', 'items/page'],
  ] as const)('%s = %s', (name, value) => {
    expect(LIMITS[name]).toBe(value);
  });

  it('keeps ranges ordered', () => {
    expect(L.RF_OPTIMIZATION_MIN_SECONDS).toBeLessThan(L.RF_OPTIMIZATION_MAX_SECONDS);
    expect(L.DHCP_LEASE_MIN_MINUTES).toBeLessThan(L.DHCP_LEASE_MAX_MINUTES);
    expect(L.ACCESS_THRESHOLD_MIN).toBeLessThan(L.ACCESS_THRESHOLD_MAX);
    expect(L.RESERVED_POLICY_NAMES).toHaveLength(4);
  });
});

describe('limits of the HTTP API', () => {
  it('offers one list of page sizes, holding the default and ending at the largest', () => {
    expect(L.PAGE_SIZES).toContain(L.DEFAULT_PAGE_SIZE);
    expect(L.PAGE_SIZES.at(-1)).toBe(L.MAX_PAGE_SIZE);
    expect([...L.PAGE_SIZES].sort((a, b) => a - b)).toEqual([...L.PAGE_SIZES]);
    for (const sizes of [L.DEVICE_PAGE_SIZES, L.ALARM_PAGE_SIZES, L.CLIENT_PAGE_SIZES])
      expect(sizes).toBe(L.PAGE_SIZES);
  });

  it('makes a form input at least as long as the rule it feeds', () => {
    expect(L.SN_INPUT_MAX_LENGTH).toBeGreaterThanOrEqual(L.SN_MAX_LENGTH);
    expect(L.SN_PARAM_MAX_LENGTH).toBeGreaterThan(L.SN_MAX_LENGTH);
    expect(L.LOGIN_PASSWORD_INPUT_MAX_LENGTH).toBeGreaterThanOrEqual(L.PASSWORD_MAX_LENGTH);
  });
});

// A settings schema checks shape only; the rule of a field (with its code) must get to judge a value,
// so a document bound is never narrower than the rule.
describe('bounds of settings documents', () => {
  it('are at least as wide as the rules of their fields', () => {
    for (const rule of [L.NAME_MAX_BYTES, L.SHORT_NAME_MAX_LENGTH, L.DHCP_POOL_NAME_MAX_LENGTH]) {
      expect(L.SETTINGS_TEXT_MAX_LENGTH).toBeGreaterThanOrEqual(rule);
    }
    expect(L.SETTINGS_MAX_WIRELESS_POLICIES).toBeGreaterThanOrEqual(L.MAX_WIRELESS_POLICIES);
    expect(L.SETTINGS_MAX_DEVICE_SSIDS).toBeGreaterThanOrEqual(L.MAX_SSIDS_PER_RADIO * L.DEVICE_MAX_RADIOS);
    expect(L.SETTINGS_MAX_POOL_DNS).toBeGreaterThanOrEqual(L.DHCP_MAX_DNS);
    expect(L.SETTINGS_LEASE_MAX_MINUTES).toBeGreaterThanOrEqual(L.DHCP_LEASE_MAX_MINUTES);
    expect(L.SETTINGS_LEASE_MAX_MINUTES).toBeGreaterThanOrEqual(L.DHCP_LEASE_ALT_MAX_MINUTES);
    expect(L.SETTINGS_ROAM_THRESHOLD_MAX_DB).toBeGreaterThanOrEqual(L.ROAM_THRESHOLD_MAX_DB);
  });
});
