/** The switching feature's endpoints: a switch's port settings view and save, and PoE port reboot. */

import { endpoint } from '../api/endpoint';
import { commandJobSchema } from '../api/live';
import { devicePortParamsSchema, projectDeviceParamsSchema, projectParamsSchema } from '../api/params';
import { saveConfig } from '../config/endpoints';
import { switchConfigViewSchema } from './api';
import {
  applyProfileRequestSchema,
  applyProfileResultSchema,
  deleteProfileQuerySchema,
  deleteProfileResultSchema,
  portProfilesViewSchema,
} from './profileApi';
import { portProfileIdSchema, portProfilesSettingsSchema } from './profiles';
import { switchSettingsSchema } from './settings';

const profileParamsSchema = projectParamsSchema.extend({ profileId: portProfileIdSchema });
const PROFILES_PATH = '/api/projects/:id/config/port-profiles';

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
    ...saveConfig(switchSettingsSchema),
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
  profiles: endpoint({
    method: 'GET',
    path: PROFILES_PATH,
    summary: "Port profiles, the ports following each, the project's switches, VLANs and suggestions",
    tag,
    auth: { project: 'r' },
    group: 'portProfiles',
    params: projectParamsSchema,
    response: portProfilesViewSchema,
  }),
  saveProfiles: endpoint({
    ...saveConfig(portProfilesSettingsSchema),
    path: PROFILES_PATH,
    summary:
      'Save port profiles: following ports get the changes (411 name taken, 1108 VLAN, 131 still followed, 414)',
    group: 'portProfiles',
    params: projectParamsSchema,
  }),
  applyProfile: endpoint({
    method: 'POST',
    path: `${PROFILES_PATH}/apply`,
    summary:
      'Apply a profile to ports of one or more switches, or detach them (412 profile, 901 device, 913 not a switch)',
    tag,
    auth: { project: 'rw' },
    group: 'portProfiles',
    params: projectParamsSchema,
    body: applyProfileRequestSchema,
    response: applyProfileResultSchema,
  }),
  deleteProfile: endpoint({
    method: 'DELETE',
    path: `${PROFILES_PATH}/:profileId`,
    summary: 'Delete a port profile: the ports following it keep their settings (412, 414)',
    tag,
    auth: { project: 'rw' },
    group: 'portProfiles',
    params: profileParamsSchema,
    query: deleteProfileQuerySchema,
    response: deleteProfileResultSchema,
  }),
};
