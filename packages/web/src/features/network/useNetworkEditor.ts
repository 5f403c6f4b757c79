import {
  findModel,
  type NetworkConfigView,
  type NetworkRuleContext,
  type NetworkSettings,
  networkSettingsIssues,
} from '@netloom/domain';
import { useCallback, useMemo } from 'react';
import { type SettingsEditor, useSettingsAccess, useSettingsSave } from '../config';
import { useSaveNetworkConfig } from './api';

/** The editor of the one `network` document every network page changes. */
export type NetworkEditor = SettingsEditor<NetworkConfigView, NetworkSettings>;

const ACCESS_TEXTS = {
  readOnlyTitle: 'You can only view this project: changing the network needs the manage right.',
  demoNotice: 'This is a demo project: you can look at the network settings, but changes are unavailable.',
  readOnlyNotice:
    'You can only view this project: the settings are shown, changing them needs the manage right.',
};

/**
 * Everything a network page needs to edit the one `network` document: rights, the rule context
 * of the gateway's model, and the save flow (baseVersion, 414 conflict, 400 issues, result).
 */
export function useNetworkEditor(view: NetworkConfigView): NetworkEditor {
  const access = useSettingsAccess(ACCESS_TEXTS);
  const { save: saveSettings } = useSettingsSave(useSaveNetworkConfig(access.projectId), { kind: 'network' });

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
  const save = useCallback<NetworkEditor['save']>(
    (candidate, opts = {}) =>
      saveSettings({ baseVersion: opts.baseVersion ?? view.version, settings: candidate }, opts.onReload),
    [saveSettings, view.version],
  );

  return { ...access, view, settings: view.settings, issuesOf, save };
}
