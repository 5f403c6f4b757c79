/**
 * Hooks of a switch's ports: the device's `switching` document (port settings, VLANs, PoE) with its
 * live port state, its save, and the PoE reboot of one port (a command job).
 */
import type { CommandJob, SwitchConfigView, SwitchSettings } from '@netloom/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { configKeys, useSaveSettings, useSettingsView } from '../config';

const deviceUrl = (projectId: number, deviceId: number) => `/api/projects/${projectId}/devices/${deviceId}`;

/** The port view's key (in the config family: a delivery refreshes it). */
export const switchViewKey = (projectId: number, deviceId: number) =>
  configKeys.document(projectId, 'switching', deviceId);

export function useSwitchConfig(projectId: number, deviceId: number | null) {
  const id = deviceId ?? 0;
  return useSettingsView<SwitchConfigView>(
    switchViewKey(projectId, id),
    `${deviceUrl(projectId, id)}/config/switching`,
    deviceId !== null,
  );
}

/** Saves a switch's `switching` document (see `useSaveSettings`: 414 conflict, 400 field issues). */
export function useSaveSwitchConfig(projectId: number, deviceId: number) {
  return useSaveSettings<SwitchSettings>(projectId, `${deviceUrl(projectId, deviceId)}/config/switching`);
}

export function usePoeReboot(projectId: number, deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (portId: number) =>
      api.post<CommandJob>(`${deviceUrl(projectId, deviceId)}/ports/${portId}/poe-reboot`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configKeys.all(projectId) }),
  });
}
