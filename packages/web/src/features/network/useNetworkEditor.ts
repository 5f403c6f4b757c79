import {
  findModel,
  type NetworkConfigView,
  type NetworkRuleContext,
  type NetworkSettings,
  networkSettingsIssues,
} from '@netloom/domain';
import { useCallback, useMemo } from 'react';
import { useCurrentProject } from '../../session/session';
import { accessTexts, type SettingsEditor, useSettingsEditor } from '../config';
import { useSaveNetworkConfig } from './api';

/** The editor of the one `network` document every network page changes. */
export type NetworkEditor = SettingsEditor<NetworkConfigView, NetworkSettings>;

const ACCESS_TEXTS = accessTexts({
  changing: 'the network',
  settings: 'the network settings',
  shown: 'the settings are',
});

/** The context the §5 network rules need: the gateway's model, the saved settings, its live WAN. */
export function networkRuleContext(view: NetworkConfigView): NetworkRuleContext {
  return {
    model: view.gateway ? (findModel(view.gateway.model) ?? null) : null,
    previous: view.settings,
    liveWan: (view.gateway?.liveWan ?? []).flatMap((w) =>
      w.ip && w.mask ? [{ port: w.port, ip: w.ip, mask: w.mask }] : [],
    ),
    switchPorts: view.switchPorts,
  };
}

/** Everything a network page needs to edit the `network` document (rights, rules, save flow). */
export function useNetworkEditor(view: NetworkConfigView): NetworkEditor {
  const { project } = useCurrentProject();
  const ctx = useMemo(() => networkRuleContext(view), [view]);
  const issuesOf = useCallback((candidate: NetworkSettings) => networkSettingsIssues(candidate, ctx), [ctx]);
  return useSettingsEditor(view, {
    kind: 'network',
    mutation: useSaveNetworkConfig(project?.id ?? 0),
    access: ACCESS_TEXTS,
    issuesOf,
  });
}
