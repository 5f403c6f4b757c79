/**
 * The endpoints of the desired-state engine and of every settings feature: each names the API
 * group its path falls in (the menu pages it serves, §2), and no path is declared twice.
 */
import { describe, expect, it } from 'vitest';
import { type EndpointSpec, endpointsOf } from '../api/endpoint';
import { configEndpoints } from '../config/endpoints';
import { cpeEndpoints } from '../cpe/endpoints';
import { PROJECT_API_GROUPS, projectApiGroupOf } from '../menu/apiRoutes';
import { networkEndpoints } from '../network/endpoints';
import { rfEndpoints } from '../rf/endpoints';
import { switchingEndpoints } from '../switching/endpoints';
import { wirelessEndpoints } from '../wireless/endpoints';

const ALL: EndpointSpec[] = [
  configEndpoints,
  networkEndpoints,
  switchingEndpoints,
  wirelessEndpoints,
  rfEndpoints,
  cpeEndpoints,
].flatMap(endpointsOf);

describe('settings endpoints', () => {
  it('each names the API group of its path', () => {
    for (const e of ALL) {
      expect(e.group, `${e.method} ${e.path}`).toBeDefined();
      if (e.group)
        expect(projectApiGroupOf(e.path), `${e.method} ${e.path}`).toBe(PROJECT_API_GROUPS[e.group]);
    }
  });

  it('declares each method and path once', () => {
    const keys = ALL.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
