import {
  type CodedIssue,
  canonicalJson,
  type RfConfigView,
  type RfSettings,
  rfSettingsIssues,
} from '@netloom/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSettingsSave } from '../config';
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

  const { save: saveSettings, saving } = useSettingsSave(useSaveRfConfig(projectId), {
    kind: 'rf',
    onReload: () => setAdoptNewest(true),
  });

  const save = useCallback(async () => {
    if (rfSettingsIssues(draft).length > 0) return false;
    const outcome = await saveSettings({ baseVersion: base.version, settings: draft });
    if (outcome.ok) {
      setBase({ version: outcome.result.version, settings: draft });
      setRefused([]);
      return true;
    }
    if (outcome.kind === 'issues') setRefused(outcome.issues);
    return false;
  }, [draft, base.version, saveSettings]);

  return {
    draft,
    baseVersion: base.version,
    dirty,
    newer,
    issues,
    saving,
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
