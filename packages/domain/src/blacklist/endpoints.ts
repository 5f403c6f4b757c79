/** The blacklist's endpoints: its view and save (as every kind's), and block / unblock one client. */
import { endpoint } from '../api/endpoint';
import { projectParamsSchema } from '../api/params';
import { saveConfigResultSchema } from '../config/api';
import { saveConfig } from '../config/endpoints';
import { blacklistEntryParamsSchema, blacklistViewSchema, blockClientBodySchema } from './api';
import { blacklistSettingsSchema } from './settings';

const tag = 'config';

export const blacklistEndpoints = {
  view: endpoint({
    method: 'GET',
    path: '/api/projects/:id/config/blacklist',
    summary: 'The client blacklist: blocked clients and their delivery to the Wi-Fi devices',
    tag,
    auth: { project: 'r' },
    group: 'blacklist',
    params: projectParamsSchema,
    response: blacklistViewSchema,
  }),
  save: endpoint({
    ...saveConfig(blacklistSettingsSchema),
    path: '/api/projects/:id/config/blacklist',
    summary: 'Save the whole blacklist (156 over 100 entries, 500 a MAC twice, 414)',
    group: 'blacklist',
    params: projectParamsSchema,
  }),
  block: endpoint({
    method: 'POST',
    path: '/api/projects/:id/config/blacklist/entries',
    summary: 'Block a client by MAC (156 the blacklist is full, 500 already blocked, 916 read-only)',
    tag,
    auth: { project: 'rw' },
    group: 'blacklist',
    params: projectParamsSchema,
    body: blockClientBodySchema,
    response: saveConfigResultSchema,
  }),
  unblock: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id/config/blacklist/entries/:mac',
    summary: 'Unblock a client (501 not on the blacklist, 916 read-only)',
    tag,
    auth: { project: 'rw' },
    group: 'blacklist',
    params: blacklistEntryParamsSchema,
    response: saveConfigResultSchema,
  }),
};
