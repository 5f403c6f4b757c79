/** The CPE feature's endpoints: a bridge's settings view and save, the work-mode switch and Wi-Fi search. */
import { endpoint } from '../api/endpoint';
import { commandJobSchema } from '../api/live';
import { projectDeviceParamsSchema } from '../api/params';
import { saveConfig } from '../config/endpoints';
import {
  bridgeConfigViewSchema,
  cpeModeRequestSchema,
  cpeSearchRequestSchema,
  cpeSearchResultSchema,
} from './api';
import { bridgeSettingsSchema } from './settings';

const tag = 'config';
const params = projectDeviceParamsSchema;

/** Every endpoint of the CPE feature. */
export const cpeEndpoints = {
  bridge: endpoint({
    method: 'GET',
    path: '/api/projects/:id/devices/:deviceId/config/bridge',
    summary: "A CPE's bridge settings, its bridge status and its latest Wi-Fi search (913 not a CPE)",
    tag,
    auth: { project: 'r' },
    group: 'devices',
    params,
    response: bridgeConfigViewSchema,
  }),
  saveBridge: endpoint({
    ...saveConfig(bridgeSettingsSchema),
    path: '/api/projects/:id/devices/:deviceId/config/bridge',
    summary: 'Save bridge name, management Wi-Fi and uplink (418 uplink not in the latest search; 414)',
    group: 'devices',
    params,
  }),
  mode: endpoint({
    method: 'POST',
    path: '/api/projects/:id/devices/:deviceId/cpe/mode',
    summary: 'Switch a CPE between AP and client mode: a command job; the device restarts (36, 913)',
    tag,
    auth: { project: 'rw' },
    group: 'devices',
    params,
    body: cpeModeRequestSchema,
    response: commandJobSchema,
  }),
  search: endpoint({
    method: 'POST',
    path: '/api/projects/:id/devices/:deviceId/cpe/search',
    summary: 'Wi-Fi search from a CPE (up to 30 s): networks strongest first (417 no signal, 36, 913)',
    tag,
    auth: { project: 'rw' },
    group: 'devices',
    params,
    body: cpeSearchRequestSchema,
    response: cpeSearchResultSchema,
  }),
};
