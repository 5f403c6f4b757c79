import {
  type BridgeConfigView,
  type BridgeSettings,
  bridgeSettingsIssues,
  type CodedIssue,
  ERR,
  findModel,
} from '@netloom/domain';
import { useCallback, useMemo } from 'react';
import { ApiError } from '../../api/client';
import { useSaveConfig } from '../config/api';
import { useConfigSaveFlow } from '../config/useConfigSaveFlow';

export type BridgeSaveOutcome =
  | { ok: true }
  | { ok: false; kind: 'conflict' }
  | { ok: false; kind: 'issues'; issues: CodedIssue[] }
  | { ok: false; kind: 'error'; code: number | null; message: string | null };

/**
 * Saving a CPE's `bridge` document (bridge name, management Wi-Fi, uplink) through the shared save
 * flow, with the domain's bridge rules for inline checks (the model's bands for the uplink channel).
 */
export function useBridgeEditor(projectId: number, view: BridgeConfigView | undefined) {
  const deviceId = view?.device.id ?? 0;
  const { mutateAsync } = useSaveConfig(projectId, 'bridge', deviceId);
  const { save: saveWithFlow, saving } = useConfigSaveFlow({ kind: 'bridge', deviceId });
  const model = useMemo(() => (view ? (findModel(view.device.model) ?? null) : null), [view]);
  const issuesOf = useCallback(
    (candidate: BridgeSettings) => bridgeSettingsIssues(candidate, { model }),
    [model],
  );

  const save = useCallback(
    async (candidate: BridgeSettings): Promise<BridgeSaveOutcome> => {
      if (!view) return { ok: false, kind: 'error', code: null, message: null };
      let refusal: unknown = null;
      const result = await saveWithFlow(
        {
          mutateAsync: async (input: { baseVersion: number; settings: BridgeSettings }) => {
            try {
              return await mutateAsync(input);
            } catch (e) {
              refusal = e;
              throw e;
            }
          },
        },
        { baseVersion: view.version, settings: candidate },
      );
      if (result) return { ok: true };
      if (refusal instanceof ApiError && refusal.code === ERR.CONFIG_CONFLICT)
        return { ok: false, kind: 'conflict' };
      if (refusal instanceof ApiError && refusal.issues.length > 0) {
        const code = refusal.code;
        return {
          ok: false,
          kind: 'issues',
          issues: refusal.issues.map((i) => ({
            path: i.path.replace(/^settings\./, ''),
            code,
            message: i.message,
          })),
        };
      }
      return {
        ok: false,
        kind: 'error',
        code: refusal instanceof ApiError ? refusal.code : null,
        message: refusal instanceof ApiError ? refusal.message : null,
      };
    },
    [view, saveWithFlow, mutateAsync],
  );

  return { issuesOf, save, saving };
}
