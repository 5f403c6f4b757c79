/**
 * Hooks of a switch's ports: the device's `switching` document (port settings, VLANs, PoE) with its
 * live port state, its save, and the PoE reboot of one port (a command job).
 */
import { switchingEndpoints as E, type SwitchSettings } from '@netloom/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { configKeys, useSaveSettings, useSettingsView } from '../config';

/** The port view's key (in the config family: a delivery refreshes it). */
export const switchViewKey = (projectId: number, deviceId: number) =>
  configKeys.document(projectId, 'switching', deviceId);

export function useSwitchConfig(projectId: number, deviceId: number | null) {
  const id = deviceId ?? 0;
  return useSettingsView(
    switchViewKey(projectId, id),
    E.view,
    { params: { id: projectId, deviceId: id } },
    deviceId !== null,
  );
}

/** Saves a switch's `switching` document (see `useSaveSettings`: 414 conflict, 400 field issues). */
export function useSaveSwitchConfig(projectId: number, deviceId: number) {
  return useSaveSettings<SwitchSettings>(projectId, E.save, { id: projectId, deviceId });
}

export function usePoeReboot(projectId: number, deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (portId: number) => call(E.poeReboot, { params: { id: projectId, deviceId, portId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configKeys.all(projectId) }),
  });
}
