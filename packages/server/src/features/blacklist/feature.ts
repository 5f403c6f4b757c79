/**
 * The client blacklist (issue 15 §4): the project's `blacklist` settings kind registered with the
 * configuration engine (rendered into every Wi-Fi device's document), and its view, save, block
 * and unblock. No table of its own: the document, its versions and its delivery are the engine's.
 */
import { blacklistKind } from '@netloom/domain';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { ConfigApi } from '../config';
import { blacklistRoutes } from './routes';
import { BlacklistService } from './service';

export interface BlacklistFeatureDeps {
  config: ConfigApi;
  clock: Clock;
}

export function createBlacklistFeature(deps: BlacklistFeatureDeps): Feature {
  deps.config.registerKind({ definition: blacklistKind });
  const service = new BlacklistService(deps.config, deps.clock);
  return { name: 'blacklist', routes: (app) => blacklistRoutes(app, service) };
}
