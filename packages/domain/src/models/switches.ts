/**
 * Cloud-managed switches: 8, 16, 24 and 48 copper ports, with or without PoE, plus SFP/SFP+
 * uplinks. PoE ports are 802.3at (30 W each) and share the unit's budget; the budget is always
 * below the per-port sum, as on real hardware, so the console has something to warn about.
 */
import { defineModel, portLayout } from './build';
import type { DeviceModel } from './types';

const AT_WATTS = 30;

export const SWITCH_MODELS: readonly DeviceModel[] = [
  defineModel({
    model: 'NL-S108',
    name: 'NL-S108 8-port Switch',
    kind: 'switch',
    form: 'desktop',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.2', 'V1.0.5', 'V1.0.9'],
    firmwareReleasedOn: '2026-03-19',
    ports: portLayout({ count: 8, prefix: '', role: 'lan', speedMbps: 1000 }),
    rules: { vlans: 32 },
    maxClients: 64,
    vectorImg: 'switch_desktop',
  }),
  defineModel({
    model: 'NL-S108P',
    name: 'NL-S108P 8-port PoE Switch',
    kind: 'switch',
    form: 'desktop',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.1', 'V1.0.4', 'V1.1.0'],
    firmwareReleasedOn: '2026-08-26',
    ports: portLayout(
      { count: 8, prefix: '', role: 'lan', speedMbps: 1000, poe: AT_WATTS },
      { count: 1, prefix: 'SFP', role: 'lan', media: 'sfp', speedMbps: 1000 },
    ),
    poeBudgetWatts: 120,
    rules: { vlans: 32 },
    maxClients: 64,
    vectorImg: 'switch_desktop',
  }),
  defineModel({
    model: 'NL-S116',
    name: 'NL-S116 16-port Switch',
    kind: 'switch',
    form: 'rack',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.0', 'V1.0.6'],
    firmwareReleasedOn: '2025-11-06',
    ports: portLayout(
      { count: 16, prefix: '', role: 'lan', speedMbps: 1000 },
      { count: 2, prefix: 'SFP', role: 'lan', media: 'sfp', speedMbps: 1000 },
    ),
    maxClients: 128,
    vectorImg: 'switch_rack',
  }),
  defineModel({
    model: 'NL-S116P',
    name: 'NL-S116P 16-port PoE Switch',
    kind: 'switch',
    form: 'rack',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.0', 'V1.0.3', 'V1.0.8'],
    firmwareReleasedOn: '2026-04-13',
    ports: portLayout(
      { count: 16, prefix: '', role: 'lan', speedMbps: 1000, poe: AT_WATTS },
      { count: 2, prefix: 'SFP', role: 'lan', media: 'sfp', speedMbps: 1000 },
    ),
    poeBudgetWatts: 230,
    maxClients: 128,
    vectorImg: 'switch_rack',
  }),
  defineModel({
    model: 'NL-S124',
    name: 'NL-S124 24-port Switch',
    kind: 'switch',
    form: 'rack',
    hardwareVersion: 'V2.0',
    firmwareVersions: ['V2.0.0', 'V2.0.4', 'V2.1.1'],
    firmwareReleasedOn: '2026-09-20',
    ports: portLayout(
      { count: 24, prefix: '', role: 'lan', speedMbps: 1000 },
      { count: 4, prefix: 'SFP+', role: 'lan', media: 'sfp_plus', speedMbps: 10000 },
    ),
    maxClients: 256,
    vectorImg: 'switch_rack',
  }),
  defineModel({
    model: 'NL-S124P',
    name: 'NL-S124P 24-port PoE Switch',
    kind: 'switch',
    form: 'rack',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.2', 'V1.0.7', 'V1.1.3'],
    firmwareReleasedOn: '2025-12-27',
    ports: portLayout(
      { count: 24, prefix: '', role: 'lan', speedMbps: 1000, poe: AT_WATTS },
      { count: 4, prefix: 'SFP', role: 'lan', media: 'sfp', speedMbps: 1000 },
    ),
    poeBudgetWatts: 370,
    maxClients: 256,
    vectorImg: 'switch_rack',
  }),
  defineModel({
    model: 'NL-S148',
    name: 'NL-S148 48-port Switch',
    kind: 'switch',
    form: 'rack',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.1', 'V1.0.5'],
    firmwareReleasedOn: '2026-05-07',
    ports: portLayout(
      { count: 48, prefix: '', role: 'lan', speedMbps: 1000 },
      { count: 4, prefix: 'SFP+', role: 'lan', media: 'sfp_plus', speedMbps: 10000 },
    ),
    rules: { vlans: 512 },
    maxClients: 512,
    vectorImg: 'switch_rack',
  }),
  defineModel({
    model: 'NL-S148P',
    name: 'NL-S148P 48-port PoE Switch',
    kind: 'switch',
    form: 'rack',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.0', 'V1.0.4', 'V1.1.0', 'V1.1.6'],
    firmwareReleasedOn: '2026-10-14',
    ports: portLayout(
      { count: 48, prefix: '', role: 'lan', speedMbps: 1000, poe: AT_WATTS },
      { count: 4, prefix: 'SFP+', role: 'lan', media: 'sfp_plus', speedMbps: 10000 },
    ),
    poeBudgetWatts: 740,
    rules: { vlans: 512 },
    maxClients: 512,
    vectorImg: 'switch_rack',
  }),
];
