/**
 * Routing models: gateways (`v7`), wired routers, wireless routers and mesh units. A mesh unit can be
 * primary (routes, holds the project's network settings) and/or secondary (extends the primary's
 * Wi-Fi; §6: secondary nodes cannot be configured).
 */
import { MESH_NODE_TYPES } from '../enums/devices';
import { defineModel, portLayout, radio } from './build';
import type { DeviceModel } from './types';

const { PRIMARY, SECONDARY } = MESH_NODE_TYPES;

export const ROUTING_MODELS: readonly DeviceModel[] = [
  defineModel({
    model: 'NL-G300',
    name: 'NL-G300 Gateway',
    kind: 'v7',
    form: 'desktop',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.2', 'V1.0.6', 'V1.1.0', 'V1.1.4'],
    ports: portLayout(
      { count: 1, prefix: 'WAN', role: 'wan', speedMbps: 1000 },
      { count: 1, prefix: 'WAN/LAN', role: 'wan_lan', speedMbps: 1000 },
      { count: 3, prefix: 'LAN', role: 'lan', speedMbps: 1000 },
    ),
    maxClients: 250,
    vectorImg: 'gateway_desktop',
  }),
  defineModel({
    model: 'NL-G500',
    name: 'NL-G500 Gateway',
    kind: 'v7',
    form: 'desktop',
    hardwareVersion: 'V2.0',
    firmwareVersions: ['V2.0.1', 'V2.0.5', 'V2.1.2'],
    ports: portLayout(
      { count: 2, prefix: 'WAN', role: 'wan', speedMbps: 2500 },
      { count: 2, prefix: 'WAN/LAN', role: 'wan_lan', speedMbps: 1000 },
      { count: 4, prefix: 'LAN', role: 'lan', speedMbps: 1000 },
      { count: 1, prefix: 'SFP', role: 'wan_lan', media: 'sfp', speedMbps: 1000 },
    ),
    maxClients: 500,
    vectorImg: 'gateway_desktop',
  }),
  defineModel({
    model: 'NL-G1000',
    name: 'NL-G1000 Rack Gateway',
    kind: 'v7',
    form: 'rack',
    hardwareVersion: 'V1.1',
    firmwareVersions: ['V1.0.0', 'V1.0.9', 'V1.2.0'],
    ports: portLayout(
      { count: 4, prefix: 'WAN/LAN', role: 'wan_lan', speedMbps: 2500 },
      { count: 4, prefix: 'LAN', role: 'lan', speedMbps: 1000 },
      { count: 2, prefix: 'SFP+', role: 'wan_lan', media: 'sfp_plus', speedMbps: 10000 },
    ),
    rules: { vlans: 64, dhcpPools: 64, staticRoutes: 128, portMappings: 128 },
    maxClients: 1000,
    vectorImg: 'gateway_rack',
  }),
  defineModel({
    model: 'NL-R200',
    name: 'NL-R200 Router',
    kind: 'router',
    form: 'desktop',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.1', 'V1.0.4', 'V1.0.7'],
    ports: portLayout(
      { count: 1, prefix: 'WAN', role: 'wan', speedMbps: 1000 },
      { count: 4, prefix: 'LAN', role: 'lan', speedMbps: 1000 },
    ),
    maxClients: 200,
    vectorImg: 'router',
  }),
  defineModel({
    model: 'NL-W1200',
    name: 'NL-W1200 Wireless Router',
    kind: 'wrouter',
    form: 'desktop',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.3', 'V1.0.8', 'V1.1.1'],
    ports: portLayout(
      { count: 1, prefix: 'WAN', role: 'wan', speedMbps: 1000 },
      { count: 3, prefix: 'LAN', role: 'lan', speedMbps: 1000 },
    ),
    radios: [radio('2.4G', 'n', 2, 20), radio('5G', 'ac', 2, 23)],
    maxClients: 64,
    vectorImg: 'wrouter',
  }),
  defineModel({
    model: 'NL-W3000',
    name: 'NL-W3000 Wi-Fi 6 Router',
    kind: 'wrouter',
    form: 'desktop',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.0', 'V1.0.5', 'V1.1.0', 'V1.2.3'],
    ports: portLayout(
      { count: 1, prefix: 'WAN', role: 'wan', speedMbps: 1000 },
      { count: 3, prefix: 'LAN', role: 'lan', speedMbps: 1000 },
    ),
    radios: [radio('2.4G', 'ax', 2, 20), radio('5G', 'ax', 2, 23)],
    maxClients: 128,
    vectorImg: 'wrouter',
  }),
  defineModel({
    model: 'NL-M1800',
    name: 'NL-M1800 Mesh Router',
    kind: 'mesh',
    form: 'desktop',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.2', 'V1.0.6', 'V1.1.3'],
    ports: portLayout({ count: 2, prefix: 'WAN/LAN', role: 'wan_lan', speedMbps: 1000 }),
    radios: [radio('2.4G', 'ax', 2, 20), radio('5G', 'ax', 2, 23)],
    meshRoles: [PRIMARY, SECONDARY],
    maxClients: 128,
    vectorImg: 'mesh_tower',
  }),
  defineModel({
    model: 'NL-M3000T',
    name: 'NL-M3000T Tri-band Mesh Router',
    kind: 'mesh',
    form: 'desktop',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.0', 'V1.0.4'],
    ports: portLayout(
      { count: 1, prefix: 'WAN/LAN', role: 'wan_lan', speedMbps: 2500 },
      { count: 2, prefix: 'LAN', role: 'lan', speedMbps: 1000 },
    ),
    radios: [radio('2.4G', 'ax', 2, 20), radio('5G', 'ax', 4, 23), radio('6G', 'ax', 2, 23)],
    meshRoles: [PRIMARY, SECONDARY],
    maxClients: 200,
    vectorImg: 'mesh_tower',
  }),
  defineModel({
    model: 'NL-M1200S',
    name: 'NL-M1200S Mesh Satellite',
    kind: 'mesh',
    form: 'desktop',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.1', 'V1.0.3'],
    ports: portLayout({ count: 1, prefix: 'LAN', role: 'lan', speedMbps: 1000 }),
    radios: [radio('2.4G', 'n', 2, 20), radio('5G', 'ac', 2, 23)],
    // A satellite never routes: it only extends a primary.
    meshRoles: [SECONDARY],
    rules: { vlans: 0, dhcpPools: 0, staticRoutes: 0, portMappings: 0 },
    maxClients: 64,
    vectorImg: 'mesh_satellite',
  }),
];
