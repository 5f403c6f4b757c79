/**
 * The RF feature's endpoints: the project's RF settings (`rf`), a device's radios (`radio`), and
 * the optimisation runs (overview, start, one run).
 */
import { endpoint } from '../api/endpoint';
import { projectDeviceParamsSchema, projectParamsSchema, projectRunParamsSchema } from '../api/params';
import { saveConfig } from '../config/endpoints';
import { radioConfigViewSchema, rfConfigViewSchema } from './api';
import { rfRunSchema, rfViewSchema } from './runs';
import { deviceRadioSettingsSchema, rfSettingsSchema } from './settings';

const read = { project: 'r' } as const;
const write = { project: 'rw' } as const;

/** Every endpoint of the RF feature. */
export const rfEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: '/api/projects/:id/config/rf',
    summary: 'RF optimisation schedule, DFS, access threshold and roaming settings',
    tag: 'config',
    auth: read,
    group: 'rf',
    params: projectParamsSchema,
    response: rfConfigViewSchema,
  }),
  saveSettings: endpoint({
    ...saveConfig(rfSettingsSchema),
    path: '/api/projects/:id/config/rf',
    summary: 'Save RF and roaming settings (27 while an optimisation runs; §5 codes; 414)',
    group: 'rf',
    params: projectParamsSchema,
  }),
  radio: endpoint({
    method: 'GET',
    path: '/api/projects/:id/devices/:deviceId/config/radio',
    summary: "A Wi-Fi device's radios: settings, the model's radios and what they run now (913)",
    tag: 'config',
    auth: read,
    group: 'devices',
    params: projectDeviceParamsSchema,
    response: radioConfigViewSchema,
  }),
  saveRadio: endpoint({
    ...saveConfig(deviceRadioSettingsSchema),
    path: '/api/projects/:id/devices/:deviceId/config/radio',
    summary: 'Save radio channel, width and power (27 while RF optimisation runs; 76, 912, 913, 415, 414)',
    group: 'devices',
    params: projectDeviceParamsSchema,
  }),
  overview: endpoint({
    method: 'GET',
    path: '/api/projects/:id/rf',
    summary: 'RF optimisation: online/total APs, the running run, the latest 20 records, next automatic run',
    tag: 'rf',
    auth: read,
    group: 'rfRuns',
    params: projectParamsSchema,
    response: rfViewSchema,
  }),
  startRun: endpoint({
    method: 'POST',
    path: '/api/projects/:id/rf/runs',
    summary: 'Start an RF optimisation (27 one is running, 2104 fewer than 2 online APs, 913 mesh project)',
    tag: 'rf',
    auth: write,
    group: 'rfRuns',
    params: projectParamsSchema,
    response: rfRunSchema,
  }),
  run: endpoint({
    method: 'GET',
    path: '/api/projects/:id/rf/runs/:runId',
    summary: 'One RF optimisation run: stage, percent, noise before/after, per-radio changes (412)',
    tag: 'rf',
    auth: read,
    group: 'rfRuns',
    params: projectRunParamsSchema,
    response: rfRunSchema,
  }),
};
