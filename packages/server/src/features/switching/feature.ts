/**
 * The switching feature: a switch's `switching` settings kind (ports, DHCP snooping, LEDs)
 * registered with the configuration engine, its port page's view and save, and PoE port reboot.
 */
import { switchingKind } from '@netloom/domain';
import type { Feature } from '../../lib/feature';
import type { PoeRebootDeps } from './poe';
import { switchingRoutes } from './routes';

export type SwitchingFeatureDeps = PoeRebootDeps;

export function createSwitchingFeature(deps: SwitchingFeatureDeps): Feature {
  deps.config.registerKind({ definition: switchingKind });
  return { name: 'switching', routes: (app) => switchingRoutes(app, deps) };
}
