/**
 * The endpoints of the desired-state engine, for every settings kind alike: delivery status,
 * history (revisions, one revision, diff, restore), the audit log and "retry delivery". A kind's
 * own endpoints (its view and its save) are in its feature folder (`network/endpoints.ts`…).
 */
import type { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { projectParamsSchema, projectRevisionParamsSchema } from '../api/params';
import {
  auditPageSchema,
  auditQuerySchema,
  configDiffQuerySchema,
  configDiffSchema,
  configRevisionDetailSchema,
  configRevisionPageSchema,
  configRevisionQuerySchema,
  projectConfigStatusSchema,
  restoreRequestSchema,
  retryDeliveryRequestSchema,
  retryDeliveryResultSchema,
  saveConfigRequestSchema,
  saveConfigResultSchema,
} from './api';

const tag = 'config';
const read = { project: 'r' } as const;
const write = { project: 'rw' } as const;

/** Every endpoint of the desired-state engine. */
export const configEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/api/projects/:id/config/status',
    summary: 'Configuration delivery per device: applied / pending (since) / failed (code, reason)',
    tag,
    auth: read,
    group: 'configStatus',
    params: projectParamsSchema,
    response: projectConfigStatusSchema,
  }),
  revisions: endpoint({
    method: 'GET',
    path: '/api/projects/:id/config/revisions',
    summary:
      'Configuration history, newest first: ?kind, deviceId (withProject: and project-wide), page, pageSize',
    tag,
    auth: read,
    group: 'revisions',
    params: projectParamsSchema,
    query: configRevisionQuerySchema,
    response: configRevisionPageSchema,
  }),
  revision: endpoint({
    method: 'GET',
    path: '/api/projects/:id/config/revisions/:revisionId',
    summary: 'One version with its settings (412 unknown)',
    tag,
    auth: read,
    group: 'revisions',
    params: projectRevisionParamsSchema,
    response: configRevisionDetailSchema,
  }),
  diff: endpoint({
    method: 'GET',
    path: '/api/projects/:id/config/diff',
    summary: 'Readable difference between two versions of one document (to = current when absent)',
    tag,
    auth: read,
    group: 'diff',
    params: projectParamsSchema,
    query: configDiffQuerySchema,
    response: configDiffSchema,
  }),
  restore: endpoint({
    method: 'POST',
    path: '/api/projects/:id/config/revisions/:revisionId/restore',
    summary: 'Roll back to a version: a new version with its settings (414 baseVersion is stale)',
    tag,
    auth: write,
    group: 'revisions',
    params: projectRevisionParamsSchema,
    body: restoreRequestSchema,
    response: saveConfigResultSchema,
  }),
  audit: endpoint({
    method: 'GET',
    path: '/api/projects/:id/audit',
    summary: 'Audit log of changes: account, time, device, summary (?deviceId, withProject, page, pageSize)',
    tag,
    auth: read,
    group: 'audit',
    params: projectParamsSchema,
    query: auditQuerySchema,
    response: auditPageSchema,
  }),
  retry: endpoint({
    method: 'POST',
    path: '/api/projects/:id/config/retry',
    summary:
      'Retry delivery to chosen devices now: failed ones get their settings as a new version (407 + data when some are offline)',
    tag,
    auth: write,
    group: 'configRetry',
    params: projectParamsSchema,
    body: retryDeliveryRequestSchema,
    response: retryDeliveryResultSchema,
  }),
};

/**
 * The save endpoint every kind declares the same way (its view's path, `PUT`): the version the edit
 * started from and the new settings, documented with the kind's settings schema (which the save
 * checks them with); the answer says which devices it reaches.
 */
export function saveConfig<S extends z.ZodType>(settings: S) {
  return {
    method: 'PUT',
    tag,
    auth: write,
    body: saveConfigRequestSchema,
    documentedBody: saveConfigRequestSchema.extend({ settings }),
    response: saveConfigResultSchema,
  } as const;
}
