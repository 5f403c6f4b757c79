/**
 * The switching feature: a switch's `switching` settings kind (ports, DHCP snooping, LEDs)
 * registered with the configuration engine, its port page's view and save, PoE port reboot, and the
 * project's port profiles (the `portProfiles` kind, applied to ports of many switches).
 */
import { portProfilesKind, switchingKind } from '@netloom/domain';
import type { Feature } from '../../lib/feature';
import type { PoeRebootDeps } from './poe';
import { PortProfiles } from './profiles';
import { switchingRoutes } from './routes';
import type { SwitchingViewDeps } from './views';

export type SwitchingFeatureDeps = PoeRebootDeps & SwitchingViewDeps;

export function createSwitchingFeature(deps: SwitchingFeatureDeps): Feature {
  deps.config.registerKind({ definition: switchingKind });
  // Port profiles (issue 10 §4): a project document the switches' ports follow.
  deps.config.registerKind({ definition: portProfilesKind });
  const profiles = new PortProfiles(deps.config);
  return { name: 'switching', routes: (app) => switchingRoutes(app, { ...deps, profiles }) };
}
