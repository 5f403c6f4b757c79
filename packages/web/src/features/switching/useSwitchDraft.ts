import {
  type CodedIssue,
  canonicalJson,
  findModel,
  type PortProfile,
  type SwitchConfigView,
  type SwitchSettings,
  switchSettingsIssues,
} from '@netloom/domain';
import { useMemo, useState } from 'react';
import type { FieldIssue } from '../../api/client';
import { type PortPatch, patchPorts, ruleContext, settingsIssues } from './portEdits';
import { applyProfileToPorts, detachIfGoverned } from './portProfiles';

interface Draft {
  settings: SwitchSettings;
  /** The version the edit started from: sent as `baseVersion` (414 if someone saved after it). */
  baseVersion: number;
}

export interface PathIssue {
  path: string;
  message: string;
  code?: number;
}

/**
 * The switch settings being edited: the saved view until the first change, then a local draft
 * checked with the domain's rules on every change (inline messages before submit). Server issues
 * of a refused save are kept until the next change.
 */
export function useSwitchDraft(view: SwitchConfigView) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>([]);
  const settings = draft?.settings ?? view.settings;
  const baseVersion = draft?.baseVersion ?? view.version;
  const dirty = draft !== null && canonicalJson(draft.settings) !== canonicalJson(view.settings);
  /** Someone saved a newer version while this draft was being edited. */
  const stale = draft !== null && dirty && view.version !== draft.baseVersion;

  const model = useMemo(() => findModel(view.device.model) ?? null, [view.device.model]);
  const ruleIssues: CodedIssue[] = useMemo(
    () => (model ? switchSettingsIssues(settings, ruleContext(view, model)) : []),
    [settings, view, model],
  );
  const issues: PathIssue[] = useMemo(
    () => [...ruleIssues, ...settingsIssues(serverIssues)],
    [ruleIssues, serverIssues],
  );

  const edit = (next: SwitchSettings) => {
    setServerIssues([]);
    setDraft({ settings: next, baseVersion });
  };

  return {
    settings,
    baseVersion,
    dirty,
    stale,
    issues,
    /** Applies a patch to the ports with these ids (a field a profile sets detaches them from it). */
    editPorts: (ids: readonly number[], patch: PortPatch) =>
      edit(patchPorts(detachIfGoverned(settings, ids, patch), ids, patch)),
    /** Makes the ports follow a profile (its settings applied), or detaches them (null). */
    applyProfile: (ids: readonly number[], profile: PortProfile | null): string[] => {
      const applied = applyProfileToPorts(settings, ids, profile, view);
      edit(applied.settings);
      return applied.poeSkipped;
    },
    editDevice: (patch: Partial<Pick<SwitchSettings, 'dhcpSnooping' | 'led'>>) =>
      edit({ ...settings, ...patch }),
    /** Back to the saved view (discard, after a save, or after reloading on 414). */
    reset: () => {
      setDraft(null);
      setServerIssues([]);
    },
    setServerIssues,
  };
}
