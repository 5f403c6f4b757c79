import {
  policiesInUseIssues,
  type WirelessConfigView,
  type WirelessRuleContext,
  type WirelessSettings,
  wirelessSettingsIssues,
} from '@netloom/domain';
import { useCallback, useMemo } from 'react';
import { useCurrentProject } from '../../session/session';
import { accessTexts, type SettingsEditor, useSettingsEditor } from '../config';
import { useSaveWirelessConfig } from './api';

/** The editor of the project's `wireless` document (its Wi-Fi policies). */
export type WirelessEditor = SettingsEditor<WirelessConfigView, WirelessSettings>;

const ACCESS_TEXTS = accessTexts({
  changing: 'Wi-Fi',
  settings: 'the Wi-Fi policies',
  shown: 'the policies are',
});

/**
 * Everything the Wireless page needs to edit the one `wireless` document: rights, the domain's
 * rules with the project's Wi-Fi devices as context, and the save flow (baseVersion, 414, 400).
 */
export function useWirelessEditor(view: WirelessConfigView): WirelessEditor {
  const { project } = useCurrentProject();
  const ctx = useMemo<WirelessRuleContext>(
    () => ({
      previous: view.version === 0 ? null : view.settings,
      devices: view.devices,
      // 1108 inline too: a policy VLAN is one of the project's (absent from an older server's view).
      ...(view.vlans ? { projectVlans: view.vlans.map((v) => v.id) } : {}),
    }),
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
  return useSettingsEditor(view, {
    kind: 'wireless',
    mutation: useSaveWirelessConfig(project?.id ?? 0),
    access: ACCESS_TEXTS,
    issuesOf,
  });
}
