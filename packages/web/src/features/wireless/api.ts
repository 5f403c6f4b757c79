import { wirelessEndpoints as E, type WirelessSettings } from '@netloom/domain';
import { configKeys, useSaveSettings, useSettingsView } from '../config';

/** The project's `wireless` document: its Wi-Fi policies, with the project's Wi-Fi devices. */
export function useWirelessConfig(projectId: number) {
  return useSettingsView(configKeys.document(projectId, 'wireless'), E.view, { params: { id: projectId } });
}

/** Saves the `wireless` document (see `useSaveSettings`: 414 conflict, 400 field issues). */
export function useSaveWirelessConfig(projectId: number) {
  return useSaveSettings<WirelessSettings>(projectId, E.save, { id: projectId });
}
