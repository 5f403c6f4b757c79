import { MENU_ROUTES } from '@netloom/domain';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import * as account from '../features/account/routes';
import * as accounts from '../features/accounts/routes';
import * as alarms from '../features/alarms/routes';
import * as auth from '../features/auth/routes';
import * as backup from '../features/backup/routes';
import * as clients from '../features/clients/routes';
import * as datascreen from '../features/datascreen/routes';
import * as devices from '../features/devices/routes';
import * as help from '../features/help/routes';
import * as maps from '../features/maps/routes';
import * as monitoring from '../features/monitoring/routes';
import * as network from '../features/network/routes';
import * as projects from '../features/projects/routes';
import * as rf from '../features/rf/routes';
import * as runlog from '../features/runlog/routes';
import * as sharing from '../features/sharing/routes';
import * as switching from '../features/switching/routes';
import * as topology from '../features/topology/routes';
import * as traceback from '../features/traceback/routes';
import * as wireless from '../features/wireless/routes';
import { PAGES } from '../navigation/paths';
import { PENDING_FEATURE_PAGES } from '../navigation/pendingPages';

const consoleRoutes: RouteObject[] = [
  account,
  accounts,
  alarms,
  backup,
  clients,
  devices,
  help,
  maps,
  monitoring,
  network,
  projects,
  rf,
  runlog,
  sharing,
  switching,
  topology,
  traceback,
  wireless,
].flatMap((f) => f.consoleRoutes);
const paths = (routes: RouteObject[]): string[] =>
  routes.flatMap((r) => [...(r.path ? [r.path] : []), ...paths(r.children ?? [])]);

describe("the features' routes", () => {
  it('serve every page of the menu tree once: a feature page or a page not built yet', () => {
    const served = [
      ...paths(consoleRoutes),
      ...PENDING_FEATURE_PAGES.map((p) => p.path),
      ...paths(datascreen.fullScreenRoutes),
    ];
    for (const { item } of MENU_ROUTES) expect(served.filter((p) => p === item.path)).toHaveLength(1);
  });

  it('put the sign-in screens outside the console, and every page lazily', () => {
    expect(paths(auth.publicRoutes).sort()).toEqual(
      [PAGES.forgotPassword, PAGES.login, PAGES.register].sort(),
    );
    for (const r of [...consoleRoutes, ...datascreen.fullScreenRoutes])
      expect(typeof r.lazy).toBe('function');
  });
});
