import { ConfigHistoryDrawer } from './ConfigHistoryDrawer';
import { type ConfigSaveFlowOptions, useSaveFlow } from './saveFlow';

export type { ConfigMutation, ConfigSaveFlowOptions } from './saveFlow';

/**
 * The one way a page saves configuration: `const r = await save(mutation, input)` gives the result,
 * or null when the save did not happen. Success shows what the version does on the devices (sent,
 * queued for offline devices, skipped with reason); 414 says who saved first and when, lets the user
 * review their changes in the history drawer, keep their own on top (the same save based on the
 * newer version) or discard them and reload — the draft is never dropped silently; any other
 * refusal shows the catalogue message (field issues stay on `mutation.error` for the form).
 */
export function useConfigSaveFlow(options: ConfigSaveFlowOptions = {}) {
  return useSaveFlow(ConfigHistoryDrawer, options);
}
