import { MENU_ROUTES, NO_ACCESS_PATH } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { devicePath, devicePortsPath, loginPath, MENU_PAGES, menuPath, PAGES } from './paths';

describe('page paths', () => {
  it('come from the menu tree for every page it names', () => {
    const treePaths = MENU_ROUTES.map((r) => r.item.path).sort();
    expect(Object.values(MENU_PAGES).sort()).toEqual(treePaths);
    expect(menuPath('vlan')).toBe('/manage/networkconf/vlan');
  });

  it('fail at load for a key the tree does not have', () => {
    expect(() => menuPath('no-such-page')).toThrow('no-such-page');
  });

  it('name the pages outside the menu once', () => {
    expect(PAGES.noAccess).toBe(NO_ACCESS_PATH);
    expect(devicePath(7)).toBe(`${MENU_PAGES.devices}/7`);
    expect(devicePortsPath(7)).toBe(`${MENU_PAGES.devices}/7/ports`);
    expect(loginPath()).toBe('/login');
    expect(loginPath(70)).toBe('/login?reason=70');
  });
});
