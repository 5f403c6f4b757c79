/**
 * Hooks of the CPE bridge: the device's `bridge` document (bridge name, management Wi-Fi, uplink)
 * with its live bridge status and latest Wi-Fi search, the work-mode switch and the Wi-Fi search.
 */
import { type BridgeSettings, type CpeMode, cpeEndpoints as E } from '@netloom/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { configKeys, useSaveSettings, useSettingsView } from '../config';

/** The bridge view's key (in the config family: a delivery refreshes it). */
export const bridgeKey = (projectId: number, deviceId: number) =>
  configKeys.document(projectId, 'bridge', deviceId);

export function useBridgeConfig(projectId: number, deviceId: number | null) {
  const id = deviceId ?? 0;
  return useSettingsView(
    bridgeKey(projectId, id),
    E.bridge,
    { params: { id: projectId, deviceId: id } },
    deviceId !== null,
  );
}

/** Saves a CPE's `bridge` document (see `useSaveSettings`: 414 conflict, 400 field issues). */
export function useSaveBridgeConfig(projectId: number, deviceId: number) {
  return useSaveSettings<BridgeSettings>(projectId, E.saveBridge, { id: projectId, deviceId });
}

/** Switches a CPE between AP and client mode: a command job (clears the bridge group, restarts). */
export function useCpeMode(projectId: number, deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: CpeMode) => call(E.mode, { params: { id: projectId, deviceId }, body: { mode } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configKeys.all(projectId) }),
  });
}

/**
 * Asks a CPE to search for Wi-Fi networks (up to 30 s). 417 when it hears nothing; the result is
 * also kept as the view's `lastSearch`, which the uplink must come from (418 otherwise).
 */
export function useCpeSearch(projectId: number, deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { durationMs?: number } = {}) =>
      call(E.search, { params: { id: projectId, deviceId }, body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bridgeKey(projectId, deviceId) }),
  });
}
