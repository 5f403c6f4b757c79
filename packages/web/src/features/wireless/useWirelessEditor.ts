import {
  type CodedIssue,
  canConfigure,
  ERR,
  policiesInUseIssues,
  type SaveConfigResult,
  type WirelessConfigView,
  type WirelessRuleContext,
  type WirelessSettings,
  wirelessSettingsIssues,
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
  /** 400 (or a rule code) with field issues, paths relative to the document (`policies.2.ssid`). */
  | { ok: false; kind: 'issues'; issues: CodedIssue[] }
  | { ok: false; kind: 'error'; code: number | null; message: string | null };

export interface WirelessEditor {
  projectId: number;
  view: WirelessConfigView;
  settings: WirelessSettings;
  canEdit: boolean;
  /** Why edit controls are disabled (tooltip), or undefined. */
  disabledReason: string | undefined;
  /** The sentence above the table when nothing can be changed. */
  notice: string | undefined;
  /** Every broken §5 wireless rule of a candidate document (the server runs the same). */
  issuesOf(candidate: WirelessSettings): CodedIssue[];
  /** Saves a candidate based on the version shown, through the shared save flow. */
  save(candidate: WirelessSettings, opts?: { onReload?: () => void }): Promise<SaveOutcome>;
}

const READ_ONLY_TITLE = 'You can only view this project: changing Wi-Fi needs the manage right.';

/** Server issue paths may be prefixed with the request field (`settings.policies.2.ssid`). */
function documentIssues(error: ApiError): CodedIssue[] {
  return error.issues.map((i) => ({
    path: i.path.replace(/^settings\./, ''),
    code: error.code,
    message: i.message,
  }));
}

/**
 * Everything the Wireless page needs to edit the one `wireless` document: rights, the domain's
 * rules with the project's Wi-Fi devices as context, and the save flow (baseVersion, 414, 400).
 */
export function useWirelessEditor(view: WirelessConfigView): WirelessEditor {
  const { project } = useCurrentProject();
  const demo = useIsDemoProject();
  const projectId = project?.id ?? 0;
  const readOnly = !project || !canConfigure(project.right);
  const canEdit = !readOnly && !demo;
  const disabledReason = demo ? DEMO_DISABLED_TITLE : readOnly ? READ_ONLY_TITLE : undefined;
  const notice = demo
    ? 'This is a demo project: you can look at the Wi-Fi policies, but changes are unavailable.'
    : readOnly
      ? 'You can only view this project: the policies are shown, changing them needs the manage right.'
      : undefined;

  const ctx = useMemo<WirelessRuleContext>(
    () => ({ previous: view.version === 0 ? null : view.settings, devices: view.devices }),
    [view],
  );
  const issuesOf = useCallback(
    (candidate: WirelessSettings) => [
      ...wirelessSettingsIssues(candidate, ctx),
      // 26: a policy a CPE bridge uplinks to stays on, and keeps that network's name.
      ...policiesInUseIssues(candidate.policies, ctx.previous?.policies ?? [], view.bridgeUplinks ?? []),
    ],
    [ctx, view.bridgeUplinks],
  );

  const reloadRef = useRef<(() => void) | undefined>(undefined);
  const flow = useConfigSaveFlow({ kind: 'wireless', onReload: () => reloadRef.current?.() });
  const { mutateAsync } = useSaveConfig(projectId, 'wireless');
  const { save: saveWithFlow } = flow;
  const save = useCallback<WirelessEditor['save']>(
    async (candidate, opts = {}) => {
      reloadRef.current = opts.onReload;
      let refusal: unknown = null;
      const mutation = {
        mutateAsync: async (input: { baseVersion: number; settings: WirelessSettings }) => {
          try {
            return await mutateAsync(input);
          } catch (e) {
            refusal = e;
            throw e;
          }
        },
      };
      const result = await saveWithFlow(mutation, { baseVersion: view.version, settings: candidate });
      if (result) return { ok: true, result };
      if (refusal instanceof ApiError && refusal.code === ERR.CONFIG_CONFLICT)
        return { ok: false, kind: 'conflict' };
      if (refusal instanceof ApiError && refusal.issues.length > 0)
        return { ok: false, kind: 'issues', issues: documentIssues(refusal) };
      return {
        ok: false,
        kind: 'error',
        code: refusal instanceof ApiError ? refusal.code : null,
        message: refusal instanceof ApiError ? refusal.message : null,
      };
    },
    [mutateAsync, saveWithFlow, view.version],
  );

  return { projectId, view, settings: view.settings, canEdit, disabledReason, notice, issuesOf, save };
}
