/** The network feature's endpoints: its settings view and save, and the gateway's live route table. */
import { endpoint } from '../api/endpoint';
import { projectParamsSchema } from '../api/params';
import { saveConfig } from '../config/endpoints';
import { networkConfigViewSchema, routeTableSchema } from './api';
import { networkSettingsSchema } from './settings';

const tag = 'config';
const read = { project: 'r' } as const;

/** Every endpoint of the network feature. */
export const networkEndpoints = {
  view: endpoint({
    method: 'GET',
    path: '/api/projects/:id/config/network',
    summary: 'Network settings (factory settings at version 0), the gateway and delivery state',
    tag,
    auth: read,
    group: 'network',
    params: projectParamsSchema,
    response: networkConfigViewSchema,
  }),
  save: endpoint({
    ...saveConfig(networkSettingsSchema),
    path: '/api/projects/:id/config/network',
    summary: 'Save network settings (400/§5 codes with issues; 414 baseVersion is not the current one)',
    group: 'network',
    params: projectParamsSchema,
  }),
  routeTable: endpoint({
    method: 'GET',
    path: '/api/projects/:id/network/route-table',
    summary: "The gateway's routing table, read live (36 offline, 412 no gateway)",
    tag,
    auth: read,
    group: 'routeTable',
    params: projectParamsSchema,
    response: routeTableSchema,
  }),
};
