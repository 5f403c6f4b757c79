import { type CodedIssue, ERR, type SaveConfigResult } from '@netloom/domain';
import { useCallback, useRef } from 'react';
import { ApiError } from '../../api/client';
import type { SaveConfigInput } from './api';
import { type ConfigMutation, type ConfigSaveFlowOptions, useConfigSaveFlow } from './useConfigSaveFlow';

/** How a settings save ended, for the form that asked for it. */
export type SettingsSaveOutcome =
  | { ok: true; result: SaveConfigResult }
  /** 414: someone saved first; the conflict modal is open (the caller keeps its draft). */
  | { ok: false; kind: 'conflict' }
  /** 400 (or a rule code) with field issues, paths relative to the document (`vlans.2.ip`). */
  | { ok: false; kind: 'issues'; issues: CodedIssue[] }
  | { ok: false; kind: 'error'; code: number | null; message: string | null };

/** A refusal's field issues with document-relative paths (the server may prefix `settings.`). */
export function documentIssues(error: ApiError): CodedIssue[] {
  return error.issues.map((i) => ({
    path: i.path.replace(/^settings\./, ''),
    code: error.code,
    message: i.message,
  }));
}

function outcomeOf(result: SaveConfigResult | null, refusal: unknown): SettingsSaveOutcome {
  if (result) return { ok: true, result };
  if (!(refusal instanceof ApiError)) return { ok: false, kind: 'error', code: null, message: null };
  if (refusal.code === ERR.CONFIG_CONFLICT) return { ok: false, kind: 'conflict' };
  if (refusal.issues.length > 0) return { ok: false, kind: 'issues', issues: documentIssues(refusal) };
  return { ok: false, kind: 'error', code: refusal.code, message: refusal.message };
}

/**
 * Saves a settings document through the shared save flow (delivery report, 414 conflict with
 * Reload, catalogue message) and says how it ended, so the form keeps its draft on a conflict and
 * puts a 400's issues on its fields. `onReload` (per save, else the option's) runs when the user
 * chooses to reload after a conflict.
 */
export function useSettingsSave<S>(
  mutation: ConfigMutation<SaveConfigInput<S>>,
  options: ConfigSaveFlowOptions = {},
) {
  const reloadRef = useRef<(() => void) | undefined>(undefined);
  const defaultReload = useRef(options.onReload);
  defaultReload.current = options.onReload;
  const { save: saveWithFlow, saving } = useConfigSaveFlow({
    ...options,
    onReload: () => (reloadRef.current ?? defaultReload.current)?.(),
  });
  const { mutateAsync } = mutation;

  const save = useCallback(
    async (input: SaveConfigInput<S>, onReload?: () => void): Promise<SettingsSaveOutcome> => {
      reloadRef.current = onReload;
      // The flow tells the user; keeping the refusal lets the caller place its issues.
      let refusal: unknown = null;
      const result = await saveWithFlow(
        {
          mutateAsync: async (attempt: SaveConfigInput<S>) => {
            try {
              return await mutateAsync(attempt);
            } catch (e) {
              refusal = e;
              throw e;
            }
          },
        },
        input,
      );
      return outcomeOf(result, refusal);
    },
    [saveWithFlow, mutateAsync],
  );

  return { save, saving };
}
