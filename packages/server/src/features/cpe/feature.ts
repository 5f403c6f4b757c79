/**
 * The CPE feature: a CPE's `bridge` settings kind registered with the configuration engine (with
 * the rule only this feature can check: the uplink must be a network of the device's latest Wi-Fi
 * search, 418), the bridge page's view and save, the work-mode switch and the Wi-Fi search.
 */
import { bridgeKind, uplinkIssues } from '@netloom/domain';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { CommandService } from '../commands';
import type { ConfigApi } from '../config';
import { CpeActions } from './actions';
import { cpeRoutes } from './routes';

export interface CpeFeatureDeps {
  config: ConfigApi;
  commands: Pick<CommandService, 'create' | 'request'>;
  clock: Clock;
}

export interface CpeFeature extends Feature {
  /** The mode switch and the Wi-Fi searches (the latest per device is kept in memory). */
  readonly cpe: CpeActions;
}

export function createCpeFeature(deps: CpeFeatureDeps): CpeFeature {
  const cpe = new CpeActions(deps);
  deps.config.registerKind({
    definition: bridgeKind,
    issues: (settings, { target, previous }) =>
      target ? uplinkIssues(settings, previous, cpe.lastSearch(target.deviceId)?.networks ?? []) : [],
  });
  return { name: 'cpe', cpe, routes: (app) => cpeRoutes(app, { config: deps.config, cpe }) };
}
