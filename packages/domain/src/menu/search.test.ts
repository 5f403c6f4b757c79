import { describe, expect, it } from 'vitest';
import { clientAliasBodySchema, clientAliasIssue, clientDisplayName } from '../api/clients';
import { searchQuerySchema } from '../api/search';
import { CLIENT_ALIAS_MAX_LENGTH, SEARCH_MIN_QUERY_LENGTH } from '../limits';
import { ALL_PERMISSIONS } from './permissions';
import { MENU_SEARCH_ENTRIES, MENU_SEARCH_KEYWORDS, searchMenuPages } from './search';
import { MENU_ROUTES } from './tree';
import type { MenuContext } from './visibility';

const wlan: MenuContext = {
  access: 'web',
  netMode: 0,
  permissions: ALL_PERMISSIONS,
  role: 0,
  right: 'own',
  demo: false,
};
const titles = (q: string, ctx = wlan) => searchMenuPages(q, ctx, 8).map((e) => e.title);

describe('settings pages the global search finds (from the menu tree)', () => {
  it('has every menu route once, with the label and path of the tree', () => {
    for (const r of MENU_ROUTES) {
      expect(MENU_SEARCH_ENTRIES.filter((e) => e.key === r.item.key)).toEqual([
        expect.objectContaining({ title: r.item.label, path: r.item.path }),
      ]);
    }
    for (const key of Object.keys(MENU_SEARCH_KEYWORDS)) {
      expect(
        MENU_ROUTES.some((r) => r.item.key === key),
        key,
      ).toBe(true);
    }
  });

  it.each([
    ['vlan', 'VLAN'],
    ['VLAN', 'VLAN'],
    ['poe', 'Switch ports & PoE'],
    ['ssid', 'Wireless'],
    ['pppoe', 'Internet'],
    ['static route', 'Static route'],
    ['heat map', 'Wi-Fi map'],
    ['force offline', 'Client list'],
    ['alarm', 'Alarm'],
  ])('"%s" finds %s first', (q, title) => {
    expect(titles(q)[0]).toBe(title);
  });

  it('finds nothing for words no page has, and every word must match', () => {
    expect(titles('zebra')).toEqual([]);
    expect(titles('vlan zebra')).toEqual([]);
  });

  it('never offers a page the session’s menu hides', () => {
    // RF optimisation is WLAN-only; mesh projects do not show it.
    expect(titles('channel')).toContain('RF optimization');
    expect(titles('channel', { ...wlan, netMode: 1 })).not.toContain('RF optimization');
    // Without a project only the overview pages exist.
    expect(titles('vlan', { ...wlan, netMode: null, right: null })).toEqual([]);
    // A permission flag turned off hides its page.
    const noVlan = { ...wlan, permissions: { ...wlan.permissions, vlan: false } };
    expect(titles('vlan', noVlan)).not.toContain('VLAN');
    // Openapi sessions see only openapi pages (the wireless page is web only).
    expect(titles('ssid', { ...wlan, access: 'openapi' })).not.toContain('Wireless');
  });

  it('opens a section with its query string and names where it sits', () => {
    const poe = searchMenuPages('poe', wlan, 1)[0];
    expect(poe).toMatchObject({
      path: '/manage/devconf?type=switch',
      trail: ['Config', 'Device maintenance'],
    });
  });
});

describe('search query and client alias rules', () => {
  it('asks for the minimum query length', () => {
    expect(searchQuerySchema.safeParse({ q: 'a'.repeat(SEARCH_MIN_QUERY_LENGTH - 1) }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: '  a ' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: 'ab' }).success).toBe(true);
    expect(searchQuerySchema.safeParse({ q: 'ab', projectId: '12' }).data?.projectId).toBe(12);
  });

  it.each([
    ['Front desk iPad', null],
    ['x'.repeat(CLIENT_ALIAS_MAX_LENGTH), null],
    ['Café-Kasse 2', null],
    ['', 'Alias is required.'],
    ['   ', 'Alias is required.'],
    [' iPad', 'Alias cannot start or end with a space.'],
    ['iPad 😀', 'Alias cannot contain emoticons.'],
    ['x'.repeat(CLIENT_ALIAS_MAX_LENGTH + 1), `Alias must be 1–${CLIENT_ALIAS_MAX_LENGTH} characters.`],
  ])('alias %j → %s', (alias, issue) => {
    expect(clientAliasIssue(alias)).toBe(issue);
    expect(clientAliasBodySchema.safeParse({ alias }).success).toBe(issue === null);
  });

  it('removes an alias with null, and names a client by alias, then name, then MAC', () => {
    expect(clientAliasBodySchema.safeParse({ alias: null }).success).toBe(true);
    expect(clientDisplayName({ alias: 'Desk', name: 'host', mac: 'AA' })).toBe('Desk');
    expect(clientDisplayName({ alias: null, name: 'host', mac: 'AA' })).toBe('host');
    expect(clientDisplayName({ alias: null, name: '', mac: 'AA' })).toBe('AA');
  });
});
