/**
 * The management-mode switch of `/static/transferToLocalDev` (issue 15, docs/decisions.md
 * "`/static/transferToLocalDev`"): the cloud asks the device to move to local management (2) or
 * back to cloud management (1) with the `setManagementMode` command (docs/protocol.md §7.2); the
 * device reports its new `managementMode` in its next state. The device stays in the project either
 * way. Written once for the server (which refuses with the code) and the web (which disables the
 * button with the reason).
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { commandJobSchema } from '../api/live';
import { projectDeviceParamsSchema } from '../api/params';
import { MANAGEMENT_MODES, type ManagementMode } from '../enums/devices';
import { ERR, type ErrorCode } from '../errors/catalogue';
import { deviceStateRefusal, type MaintenanceContext, type MaintenanceTarget } from '../maintenance/rules';
import { findModel, modelHas } from '../models/catalogue';

/** The protocol command (and model capability) of the switch. */
export const MANAGEMENT_MODE_COMMAND = 'setManagementMode';

/**
 * How long the switch's job stays wanted: the device is online when it is sent and answers within
 * seconds; one that dropped in between must not change hands by surprise later.
 */
export const MANAGEMENT_MODE_COMMAND_TTL_MS = 60_000;

/**
 * How long the page waits for the device to report its new mode before saying it did not (536): the
 * job's lifetime and a state round after it.
 */
export const MANAGEMENT_MODE_REPORT_TIMEOUT_MS = 90_000;

const managementMode = z.literal([MANAGEMENT_MODES.CLOUD, MANAGEMENT_MODES.LOCAL]);

/** `POST …/devices/:deviceId/management-mode`: the mode asked for. */
export const managementModeRequestSchema = z.object({ mode: managementMode });
export type ManagementModeRequest = z.infer<typeof managementModeRequestSchema>;

/** The mode a device is in: a device that never reported one is cloud-managed (§6.2 default). */
export function effectiveManagementMode(mode: number | null | undefined): ManagementMode {
  return mode === MANAGEMENT_MODES.LOCAL ? MANAGEMENT_MODES.LOCAL : MANAGEMENT_MODES.CLOUD;
}

/**
 * Why switching this device to `mode` is refused now, as a §8 code, or null when it may. In this
 * order: the model cannot (913), already in that mode (535), then the device's state without the
 * local-mode refusal — the switch is the one operation a locally managed device takes: a secondary
 * mesh node (912), upgrading (71), rebooting (917), a switch still under way (911), offline (36).
 */
export function managementModeRefusal(
  mode: ManagementMode,
  d: MaintenanceTarget,
  ctx: MaintenanceContext = {},
): ErrorCode | null {
  const model = d.model ? findModel(d.model) : undefined;
  if (model && !modelHas(model, MANAGEMENT_MODE_COMMAND)) return ERR.DEVICE_OPERATION_UNSUPPORTED;
  if (effectiveManagementMode(d.managementMode) === mode) return ERR.MANAGEMENT_MODE_UNCHANGED;
  return deviceStateRefusal({ ...d, managementMode: null }, ctx);
}

export const managementModeEndpoints = {
  set: endpoint({
    method: 'POST',
    path: '/api/projects/:id/devices/:deviceId/management-mode',
    summary:
      'Move a device to local management (2) or back to cloud management (1): its `setManagementMode` command job; the device reports the new mode in its next state. 901 unknown, 913 model cannot, 535 already in that mode, 912 secondary mesh node, 71 upgrading, 917 rebooting, 911 busy, 36 offline',
    tag: 'devices',
    auth: { project: 'rw' },
    group: 'devices',
    params: projectDeviceParamsSchema,
    body: managementModeRequestSchema,
    response: commandJobSchema,
  }),
};
