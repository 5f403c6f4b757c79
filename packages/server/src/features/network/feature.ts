/**
 * The network feature: the project's `network` settings kind (LAN, Internet, VLANs, DHCP, static
 * routes, port mappings) registered with the configuration engine, its page's view and save, and
 * the gateway's live route table (a `routeTable` command's reply).
 */
import { networkKind } from '@netloom/domain';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { CommandService } from '../commands';
import type { ConfigApi } from '../config';
import { networkRoutes } from './routes';

export interface NetworkFeatureDeps {
  config: ConfigApi;
  /** The route table is a command job whose reply carries it. */
  commands: Pick<CommandService, 'request'>;
  clock: Clock;
}

export function createNetworkFeature(deps: NetworkFeatureDeps): Feature {
  deps.config.registerKind({ definition: networkKind });
  return { name: 'network', routes: (app) => networkRoutes(app, deps) };
}
