import type { WirelessConfigView, WirelessSettings } from '@netloom/domain';
import { configKeys, useSaveSettings, useSettingsView } from '../config';

/** The project's `wireless` document: its Wi-Fi policies, with the project's Wi-Fi devices. */
const wirelessUrl = (projectId: number) => `/api/projects/${projectId}/config/wireless`;

export function useWirelessConfig(projectId: number) {
  return useSettingsView<WirelessConfigView>(
    configKeys.document(projectId, 'wireless'),
    wirelessUrl(projectId),
  );
}

/** Saves the `wireless` document (see `useSaveSettings`: 414 conflict, 400 field issues). */
export function useSaveWirelessConfig(projectId: number) {
  return useSaveSettings<WirelessSettings>(projectId, wirelessUrl(projectId));
}
