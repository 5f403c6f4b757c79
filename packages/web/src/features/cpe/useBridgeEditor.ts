import { type BridgeConfigView, type BridgeSettings, bridgeSettingsIssues, findModel } from '@netloom/domain';
import { useCallback, useMemo } from 'react';
import { type SettingsSaveOutcome, useSettingsSave } from '../config';
import { useSaveBridgeConfig } from './api';

/**
 * Saving a CPE's `bridge` document (bridge name, management Wi-Fi, uplink) through the shared save
 * flow, with the domain's bridge rules for inline checks (the model's bands for the uplink channel).
 */
export function useBridgeEditor(projectId: number, view: BridgeConfigView | undefined) {
  const deviceId = view?.device.id ?? 0;
  const { save: saveSettings, saving } = useSettingsSave(useSaveBridgeConfig(projectId, deviceId), {
    kind: 'bridge',
    deviceId,
  });
  const model = useMemo(() => (view ? (findModel(view.device.model) ?? null) : null), [view]);
  const issuesOf = useCallback(
    (candidate: BridgeSettings) => bridgeSettingsIssues(candidate, { model }),
    [model],
  );

  const save = useCallback(
    async (candidate: BridgeSettings): Promise<SettingsSaveOutcome> =>
      view
        ? saveSettings({ baseVersion: view.version, settings: candidate })
        : { ok: false, kind: 'error', code: null, message: null },
    [view, saveSettings],
  );

  return { issuesOf, save, saving };
}
