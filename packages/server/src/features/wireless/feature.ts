/**
 * The wireless feature: the project's `wireless` settings kind (Wi-Fi policies) registered with the
 * configuration engine, and its page's view and save.
 */
import { wirelessKind } from '@netloom/domain';
import type { Feature } from '../../lib/feature';
import type { ConfigApi } from '../config';
import { wirelessRoutes } from './routes';

export interface WirelessFeatureDeps {
  config: ConfigApi;
}

export function createWirelessFeature(deps: WirelessFeatureDeps): Feature {
  deps.config.registerKind({ definition: wirelessKind });
  return { name: 'wireless', routes: (app) => wirelessRoutes(app, deps) };
}
