import {
  type CodedIssue,
  canConfigure,
  ERR,
  findModel,
  type NetworkConfigView,
  type NetworkRuleContext,
  type NetworkSettings,
  networkSettingsIssues,
  type SaveConfigResult,
} from '@netloom/domain';
import { useCallback, useMemo, useRef } from 'react';
import { ApiError } from '../../api/client';
import { useCurrentProject } from '../../app/session';
import { useSaveConfig } from '../config/api';
import { useConfigSaveFlow } from '../config/useConfigSaveFlow';
import { DEMO_DISABLED_TITLE, useIsDemoProject } from '../demo/useDemoProject';

/** How a save ended, for the form that asked for it. */
export type SaveOutcome =
  | { ok: true; result: SaveConfigResult }
  /** 414: someone saved first; the conflict modal is open (the caller keeps its draft). */
  | { ok: false; kind: 'conflict' }
  /** 400 with field issues (paths relative to the document, like `vlans.2.ip`). */
  | { ok: false; kind: 'issues'; issues: CodedIssue[] }
  | { ok: false; kind: 'error' };

export interface NetworkEditor {
  projectId: number;
  view: NetworkConfigView;
  settings: NetworkSettings;
  /** Whether the current account may change the settings (manage right, not a demo project). */
  canEdit: boolean;
  /** Why edit controls are disabled (tooltip), or undefined when they are not. */
  disabledReason: string | undefined;
  /** The sentence shown above the settings when they cannot be changed. */
  notice: string | undefined;
  /** Every broken §5 rule of a candidate document (the domain's rules, the server's too). */
  issuesOf(candidate: NetworkSettings): CodedIssue[];
  /**
   * Saves a candidate document based on the version shown, through the shared save flow (delivery
   * report, conflict modal, catalogue message); `onReload` runs when the user chooses to reload
   * after a conflict. `baseVersion` (default: the version shown) is the version a long-lived draft
   * started from, so a newer version that arrived meanwhile is never overwritten.
   */
  save(
    candidate: NetworkSettings,
    opts?: { onReload?: () => void; baseVersion?: number },
  ): Promise<SaveOutcome>;
}

const READ_ONLY_TITLE = 'You can only view this project: changing the network needs the manage right.';

/** Server issue paths may be prefixed with the request field (`settings.vlans.2.ip`). */
function documentIssues(error: ApiError): CodedIssue[] {
  return error.issues.map((i) => ({
    path: i.path.replace(/^settings\./, ''),
    code: error.code,
    message: i.message,
  }));
}

/**
 * Everything a network page needs to edit the one `network` document: rights, the rule context
 * of the gateway's model, and the save flow (baseVersion, 414 conflict, 400 issues, result).
 */
export function useNetworkEditor(view: NetworkConfigView): NetworkEditor {
  const { project } = useCurrentProject();
  const demo = useIsDemoProject();
  const projectId = project?.id ?? 0;
  const saveConfig = useSaveConfig(projectId, 'network');
  const readOnly = !project || !canConfigure(project.right);
  const canEdit = !readOnly && !demo;
  const disabledReason = demo ? DEMO_DISABLED_TITLE : readOnly ? READ_ONLY_TITLE : undefined;
  const notice = demo
    ? 'This is a demo project: you can look at the network settings, but changes are unavailable.'
    : readOnly
      ? 'You can only view this project: the settings are shown, changing them needs the manage right.'
      : undefined;

  const ctx = useMemo<NetworkRuleContext>(
    () => ({
      model: view.gateway ? (findModel(view.gateway.model) ?? null) : null,
      previous: view.settings,
      liveWan: (view.gateway?.liveWan ?? []).flatMap((w) =>
        w.ip && w.mask ? [{ port: w.port, ip: w.ip, mask: w.mask }] : [],
      ),
      switchPorts: view.switchPorts,
    }),
    [view],
  );
  const issuesOf = useCallback((candidate: NetworkSettings) => networkSettingsIssues(candidate, ctx), [ctx]);

  // The shared save flow tells the user the result (delivery, 414 conflict with Reload, catalogue
  // message); this adapter keeps the refusal so the form can put a 400's issues on its fields.
  const reloadRef = useRef<(() => void) | undefined>(undefined);
  const flow = useConfigSaveFlow({ kind: 'network', onReload: () => reloadRef.current?.() });
  const { mutateAsync } = saveConfig;
  const { save: saveWithFlow } = flow;
  const save = useCallback<NetworkEditor['save']>(
    async (candidate, opts = {}) => {
      reloadRef.current = opts.onReload;
      let refusal: unknown = null;
      const mutation = {
        mutateAsync: async (input: { baseVersion: number; settings: NetworkSettings }) => {
          try {
            return await mutateAsync(input);
          } catch (e) {
            refusal = e;
            throw e;
          }
        },
      };
      const result = await saveWithFlow(mutation, {
        baseVersion: opts.baseVersion ?? view.version,
        settings: candidate,
      });
      if (result) return { ok: true, result };
      if (refusal instanceof ApiError && refusal.code === ERR.CONFIG_CONFLICT)
        return { ok: false, kind: 'conflict' };
      if (refusal instanceof ApiError && refusal.issues.length > 0)
        return { ok: false, kind: 'issues', issues: documentIssues(refusal) };
      return { ok: false, kind: 'error' };
    },
    [mutateAsync, saveWithFlow, view.version],
  );

  return { projectId, view, settings: view.settings, canEdit, disabledReason, notice, issuesOf, save };
}
