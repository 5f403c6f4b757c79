/**
 * The `network` settings kind: one document per project (LAN, Internet, VLANs, DHCP, static
 * routes, port mappings), delivered whole to the device that routes the project and, as its VLAN
 * list, to every switch (the `switching` kind renders that list).
 */

import { GATEWAY_KINDS } from '../api/devices';
import { defineKind } from '../config/kind';
import { NETWORK_DIFF } from './diff';
import { factoryWanPorts, liveWanOf, networkGateway, takesNetwork } from './gateway';
import { networkSettingsIssues } from './issues';
import { defaultNetworkSettings, type NetworkSettings, networkSettingsSchema } from './settings';
import { switchVlanPortsOf } from './vlanPortUsage';

/** The `network` kind's definition (registered by the server's network feature). */
export const networkKind = defineKind<NetworkSettings, { network: typeof networkSettingsSchema }>('network', {
  schema: networkSettingsSchema,
  // A primary mesh node routes a project that has no gateway.
  support: { kinds: [...GATEWAY_KINDS, 'mesh'], capability: null },
  /** Gateways (and the primary mesh node of a project without a gateway): the whole network. */
  sections: { network: networkSettingsSchema },
  diff: NETWORK_DIFF,
  factory: ({ devices }) => defaultNetworkSettings(factoryWanPorts(networkGateway(devices)?.model)),
  // Switches take the project's VLAN list; the router takes the rest.
  reach: ({ devices }) => devices.filter((d) => d.type === 'switch' || takesNetwork(d, devices)),
  render: (settings, { device, devices }) =>
    settings && takesNetwork(device, devices) ? { network: settings } : {},
  issues: (settings, { devices, docs, previous }) => {
    const gateway = networkGateway(devices);
    return networkSettingsIssues(settings, {
      model: gateway?.model ?? null,
      previous,
      liveWan: liveWanOf(gateway),
      // 1110: a VLAN the project's switch ports carry is not deleted or renumbered.
      switchPorts: switchVlanPortsOf(docs, devices),
    });
  },
});
