/** The wireless feature's endpoints: the Wi-Fi policies view and save. */
import { endpoint } from '../api/endpoint';
import { projectParamsSchema } from '../api/params';
import { saveConfig } from '../config/endpoints';
import { wirelessConfigViewSchema } from './api';
import { wirelessSettingsSchema } from './settings';

/** Every endpoint of the wireless feature. */
export const wirelessEndpoints = {
  view: endpoint({
    method: 'GET',
    path: '/api/projects/:id/config/wireless',
    summary: "Wireless policies and the project's Wi-Fi devices (for policies on specified devices)",
    tag: 'config',
    auth: { project: 'r' },
    group: 'wireless',
    params: projectParamsSchema,
    response: wirelessConfigViewSchema,
  }),
  save: endpoint({
    ...saveConfig(wirelessSettingsSchema),
    path: '/api/projects/:id/config/wireless',
    summary: 'Save wireless policies (400/§5 codes with issues; 414 stale baseVersion)',
    group: 'wireless',
    params: projectParamsSchema,
  }),
};
