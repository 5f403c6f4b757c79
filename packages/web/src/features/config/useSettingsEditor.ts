import type { CodedIssue, ConfigKind } from '@netloom/domain';
import { useCallback } from 'react';
import type { SaveConfigInput } from './api';
import type { ConfigMutation } from './saveFlow';
import { type SettingsAccess, type SettingsAccessTexts, useSettingsAccess } from './useSettingsAccess';
import { type SettingsSaveOutcome, useSettingsSave } from './useSettingsSave';

/** What a settings page edits with: its document's view, the rights, the domain's rules and the save. */
export interface SettingsEditor<V extends { version: number }, S> extends SettingsAccess {
  view: V;
  settings: S;
  /** Every broken §5 rule of a candidate document (the domain's rules, the server's too). */
  issuesOf(candidate: S): CodedIssue[];
  /**
   * Saves a candidate document through the shared save flow (delivery report, conflict modal,
   * catalogue message); `onReload` runs when the user chooses to reload after a conflict.
   * `baseVersion` (default: the version shown) is the version a long-lived draft started from, so
   * a newer version that arrived meanwhile is never overwritten.
   */
  save(candidate: S, opts?: { onReload?: () => void; baseVersion?: number }): Promise<SettingsSaveOutcome>;
}

interface SettingsEditorOptions<S> {
  kind: ConfigKind;
  /** The save of the document (its feature's `useSave…Config`). */
  mutation: ConfigMutation<SaveConfigInput<S>>;
  /** How the page says that the account may not change it. */
  access: SettingsAccessTexts;
  issuesOf(candidate: S): CodedIssue[];
}

/**
 * Everything a settings page needs to edit one project document: rights, the domain's rules and
 * the save flow (baseVersion, 414 conflict, 400 issues, result).
 */
export function useSettingsEditor<V extends { version: number; settings: S }, S>(
  view: V,
  { kind, mutation, access, issuesOf }: SettingsEditorOptions<S>,
): SettingsEditor<V, S> {
  const rights = useSettingsAccess(access);
  const { save: saveSettings } = useSettingsSave(mutation, { kind });
  const save = useCallback<SettingsEditor<V, S>['save']>(
    (candidate, opts = {}) =>
      saveSettings({ baseVersion: opts.baseVersion ?? view.version, settings: candidate }, opts.onReload),
    [saveSettings, view.version],
  );
  return { ...rights, view, settings: view.settings, issuesOf, save };
}
