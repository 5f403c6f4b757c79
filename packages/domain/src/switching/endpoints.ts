/** The switching feature's endpoints: a switch's port settings view and save, and PoE port reboot. */

import { endpoint } from '../api/endpoint';
import { commandJobSchema } from '../api/live';
import { devicePortParamsSchema, projectDeviceParamsSchema } from '../api/params';
import { SAVE_CONFIG } from '../config/endpoints';
import { switchConfigViewSchema } from './api';

const tag = 'config';

/** Every endpoint of the switching feature. */
export const switchingEndpoints = {
  view: endpoint({
    method: 'GET',
    path: '/api/projects/:id/devices/:deviceId/config/switching',
    summary: 'Switch port settings, the port panel, live ports and PoE totals (913 not a switch)',
    tag,
    auth: { project: 'r' },
    group: 'devices',
    params: projectDeviceParamsSchema,
    response: switchConfigViewSchema,
  }),
  save: endpoint({
    ...SAVE_CONFIG,
    path: '/api/projects/:id/devices/:deviceId/config/switching',
    summary:
      'Save switch port settings (76 local mode, 912 secondary mesh, 913 unsupported, 415 firmware, 414)',
    group: 'devices',
    params: projectDeviceParamsSchema,
  }),
  poeReboot: endpoint({
    method: 'POST',
    path: '/api/projects/:id/devices/:deviceId/ports/:portId/poe-reboot',
    summary: 'Power-cycle one PoE port: a command job (36 offline, 400 port without PoE)',
    tag,
    auth: { project: 'rw' },
    group: 'devices',
    params: devicePortParamsSchema,
    response: commandJobSchema,
  }),
};
