import {
  type CodedIssue,
  canonicalJson,
  ERR,
  type RfConfigView,
  type RfSettings,
  rfSettingsIssues,
} from '@netloom/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useConfigSaveFlow } from '../config/useConfigSaveFlow';
import { useSaveRfConfig } from './api';

export interface RfDraft {
  draft: RfSettings;
  /** The version the draft started from: a save is based on it (414 if someone saved after). */
  baseVersion: number;
  dirty: boolean;
  /** A newer version arrived while the draft had unsaved edits. */
  newer: boolean;
  /** Every broken rule of the draft (the domain's rules) and what the server refused last. */
  issues: Map<string, CodedIssue>;
  saving: boolean;
  update(patch: (d: RfSettings) => RfSettings): void;
  discard(): void;
  /** Takes the newest saved version, dropping the edits. */
  reload(): void;
  save(): Promise<boolean>;
}

/** Issue paths from the server may carry the request field (`settings.roaming.roamThreshold`). */
function serverIssues(e: ApiError): CodedIssue[] {
  return e.issues.map((i) => ({ path: i.path.replace(/^settings\./, ''), code: e.code, message: i.message }));
}

function byPath(list: readonly CodedIssue[]): Map<string, CodedIssue> {
  const out = new Map<string, CodedIssue>();
  for (const i of list) if (!out.has(i.path)) out.set(i.path, i);
  return out;
}

/**
 * The editable copy of the project's `rf` document shared by the settings and roaming cards: one
 * draft, one save (through the console's save flow: delivery report, 414 conflict, catalogue
 * message), inline issues from `rfSettingsIssues` before anything is sent.
 */
export function useRfDraft(projectId: number, view: RfConfigView): RfDraft {
  const [base, setBase] = useState({ version: view.version, settings: view.settings });
  const [draft, setDraft] = useState<RfSettings>(view.settings);
  const [refused, setRefused] = useState<CodedIssue[]>([]);
  const [adoptNewest, setAdoptNewest] = useState(false);
  const dirty = useMemo(() => canonicalJson(draft) !== canonicalJson(base.settings), [draft, base]);
  const newer = view.version !== base.version;

  useEffect(() => {
    if (newer && (!dirty || adoptNewest)) {
      setBase({ version: view.version, settings: view.settings });
      setDraft(view.settings);
      setRefused([]);
      setAdoptNewest(false);
    }
  }, [newer, dirty, adoptNewest, view.version, view.settings]);

  const issues = useMemo(() => byPath([...rfSettingsIssues(draft), ...refused]), [draft, refused]);

  const mutation = useSaveRfConfig(projectId);
  const reloadRef = useRef<() => void>(() => setAdoptNewest(true));
  const flow = useConfigSaveFlow({ kind: 'rf', onReload: () => reloadRef.current() });
  const { mutateAsync } = mutation;

  const save = useCallback(async () => {
    if (rfSettingsIssues(draft).length > 0) return false;
    let refusal: unknown = null;
    const result = await flow.save(
      {
        mutateAsync: async (input: { baseVersion: number; settings: RfSettings }) => {
          try {
            return await mutateAsync(input);
          } catch (e) {
            refusal = e;
            throw e;
          }
        },
      },
      { baseVersion: base.version, settings: draft },
    );
    if (result) {
      setBase({ version: result.version, settings: draft });
      setRefused([]);
      return true;
    }
    if (refusal instanceof ApiError && refusal.code !== ERR.CONFIG_CONFLICT && refusal.issues.length > 0) {
      setRefused(serverIssues(refusal));
    }
    return false;
  }, [draft, base.version, flow, mutateAsync]);

  return {
    draft,
    baseVersion: base.version,
    dirty,
    newer,
    issues,
    saving: flow.saving,
    update: (patch) => {
      setRefused([]);
      setDraft((d) => patch(d));
    },
    discard: () => {
      setDraft(base.settings);
      setRefused([]);
    },
    reload: () => setAdoptNewest(true),
    save,
  };
}
