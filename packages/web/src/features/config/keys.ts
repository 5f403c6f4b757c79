import type { ConfigKind } from '@netloom/domain';
import type { LiveInvalidations } from '../../api/live';

/**
 * Query keys of configuration: ONE family per project (`config, id`) holds every settings view,
 * the delivery status, history and audit, so a `config.status` event refreshes them together.
 * Settings features key their documents with `document(…)`.
 */
export const configKeys = {
  all: (projectId: number) => ['config', projectId] as const,
  status: (projectId: number) => ['config', projectId, 'status'] as const,
  document: (projectId: number, kind: ConfigKind, deviceId?: number) =>
    ['config', projectId, 'document', kind, deviceId].filter((p) => p !== undefined),
  revisions: (projectId: number, query: unknown) => ['config', projectId, 'revisions', query] as const,
  revision: (projectId: number, revisionId: number | null) =>
    ['config', projectId, 'revision', revisionId] as const,
  diff: (projectId: number, from: number, to?: number) =>
    ['config', projectId, 'diff', from, to].filter((p) => p !== undefined),
  audit: (projectId: number, query: unknown) => ['config', projectId, 'audit', query] as const,
};

/** A delivery state changed or a document was saved: every configuration view may refresh. */
export const configLive: LiveInvalidations = {
  events: { 'config.status': (e) => [configKeys.all(e.projectId)] },
  resync: (p) => [configKeys.all(p)],
};
