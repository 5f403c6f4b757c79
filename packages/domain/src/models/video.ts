/**
 * Video models: network video recorders (channels, disk bays; the PoE variants power their cameras
 * directly) and IP cameras (powered by PoE; one Wi-Fi model). §6: an NVR can be neither reset nor
 * upgraded from the cloud, which `defineModel` derives from the kind.
 */
import { defineModel, portLayout, radio } from './build';
import type { DeviceModel } from './types';

export const VIDEO_MODELS: readonly DeviceModel[] = [
  defineModel({
    model: 'NL-N4',
    name: 'NL-N4 4-channel NVR',
    kind: 'nvr',
    form: 'desktop',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.3', 'V1.0.8'],
    ports: portLayout({ count: 1, prefix: 'LAN', role: 'lan', speedMbps: 1000 }),
    recorder: { channels: 4, diskBays: 1, maxDiskTb: 8 },
    maxClients: 0,
    vectorImg: 'nvr',
  }),
  defineModel({
    model: 'NL-N8P',
    name: 'NL-N8P 8-channel PoE NVR',
    kind: 'nvr',
    form: 'desktop',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.1', 'V1.0.5', 'V1.1.0'],
    ports: portLayout(
      { count: 1, prefix: 'LAN', role: 'lan', speedMbps: 1000 },
      { count: 8, prefix: 'PoE', role: 'lan', speedMbps: 100, poe: 15.4 },
    ),
    poeBudgetWatts: 96,
    recorder: { channels: 8, diskBays: 2, maxDiskTb: 10 },
    maxClients: 0,
    vectorImg: 'nvr',
  }),
  defineModel({
    model: 'NL-N16',
    name: 'NL-N16 16-channel NVR',
    kind: 'nvr',
    form: 'rack',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.0', 'V1.0.4'],
    ports: portLayout({ count: 2, prefix: 'LAN', role: 'lan', speedMbps: 1000 }),
    recorder: { channels: 16, diskBays: 4, maxDiskTb: 16 },
    maxClients: 0,
    vectorImg: 'nvr_rack',
  }),
  defineModel({
    model: 'NL-IPC2B',
    name: 'NL-IPC2B 2 MP Bullet Camera',
    kind: 'ipc',
    form: 'bullet',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.2', 'V1.0.7'],
    ports: portLayout({ count: 1, prefix: 'LAN', role: 'lan', speedMbps: 100, poe: 'in' }),
    camera: { megapixels: 2, irRangeM: 30 },
    maxClients: 0,
    vectorImg: 'ipc_bullet',
  }),
  defineModel({
    model: 'NL-IPC4D',
    name: 'NL-IPC4D 4 MP Dome Camera',
    kind: 'ipc',
    form: 'dome',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.0', 'V1.0.3', 'V1.0.6'],
    ports: portLayout({ count: 1, prefix: 'LAN', role: 'lan', speedMbps: 100, poe: 'in' }),
    camera: { megapixels: 4, irRangeM: 20 },
    maxClients: 0,
    vectorImg: 'ipc_dome',
  }),
  defineModel({
    model: 'NL-IPC3W',
    name: 'NL-IPC3W 3 MP Wi-Fi Camera',
    kind: 'ipc',
    topologyType: 'expand_ipc_wireless',
    form: 'cube',
    hardwareVersion: 'V1.0',
    firmwareVersions: ['V1.0.1', 'V1.0.4'],
    ports: portLayout({ count: 1, prefix: 'LAN', role: 'lan', speedMbps: 100 }),
    // A Wi-Fi camera is a station on 2.4 GHz, not an access point: it has a radio but no clients.
    radios: [radio('2.4G', 'n', 1, 17)],
    camera: { megapixels: 3, irRangeM: 10 },
    maxClients: 0,
    capabilityOverrides: { wifi: false, scan: false },
    vectorImg: 'ipc_cube',
  }),
];
