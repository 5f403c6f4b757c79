/**
 * Device maintenance (issue 13 §1): which action a device may take now, written once for the
 * server (which refuses with the code) and the web (which disables the button with the reason).
 * §4: reboot and reset only for online devices and never while rebooting or upgrading; §6: NVR no
 * reset, secondary mesh nodes and local-management-mode devices cannot be operated from the cloud.
 */
import { DEVICE_STATUS, isDeviceOnline } from '../enums/deviceStatus';
import { KINDS_WITHOUT_RESET_OR_UPGRADE, MANAGEMENT_MODES, MESH_NODE_TYPES } from '../enums/devices';
import { ERR, type ErrorCode, errorMessage } from '../errors/catalogue';
import { GENERAL_MESSAGES } from '../errors/general';
import { LOCATE_DEFAULT_MINUTES, REBOOT_SECONDS, RESET_SECONDS } from '../limits';
import type { DeviceCapability } from '../models/capabilities';
import { findModel, modelHas } from '../models/catalogue';

/** The actions of the device drawer and the bulk bar, as the API names them. */
export const MAINTENANCE_ACTIONS = ['reboot', 'locate', 'reset'] as const;
export type MaintenanceAction = (typeof MAINTENANCE_ACTIONS)[number];

export interface MaintenanceActionInfo {
  /** Button label. */
  label: string;
  /** The protocol command it sends (docs/protocol.md §7.2) and the capability a model needs for it. */
  command: DeviceCapability;
  /** How long the device is away (§9), null when it stays online. */
  seconds: number | null;
  /** What happens, for the confirmation (one device; the web pluralises). */
  effect: string;
  /** Dangerous: the confirmation's button is red. */
  danger: boolean;
}

export const MAINTENANCE_ACTION_INFO: Record<MaintenanceAction, MaintenanceActionInfo> = {
  reboot: {
    label: 'Restart',
    command: 'reboot',
    seconds: REBOOT_SECONDS,
    effect:
      'The device restarts; its clients are disconnected and reconnect when it is back. Its configuration is kept.',
    danger: false,
  },
  locate: {
    label: 'Locate',
    command: 'locate',
    seconds: null,
    effect: `The device's LED blinks so you can find it on site (${LOCATE_DEFAULT_MINUTES} minutes unless you choose otherwise). It keeps working normally.`,
    danger: false,
  },
  reset: {
    label: 'Reset',
    command: 'reset',
    seconds: RESET_SECONDS,
    effect:
      'The device returns to its factory settings and restarts. It then receives this project’s configuration from the cloud again; anything set on the device itself is lost.',
    danger: true,
  },
};

/**
 * Every operation the rule decides: the maintenance actions and the firmware upgrade (domain
 * `firmware/`, its own endpoints because it takes a firmware file).
 */
export type MaintenanceOperation = MaintenanceAction | 'upgrade';

/** The protocol command (and model capability) of each operation. */
const OPERATION_COMMAND: Record<MaintenanceOperation, DeviceCapability> = {
  reboot: 'reboot',
  locate: 'locate',
  reset: 'reset',
  upgrade: 'upgrade',
};

/** What the rule needs to know of a device (the device list's row has all of it). */
export interface MaintenanceTarget {
  type: string;
  /** Model name; null or unknown to the catalogue: only the kind rules apply. */
  model: string | null;
  /** Detailed status code of §4. */
  status: number;
  managementMode: number | null;
  meshRole: number | null;
}

export interface MaintenanceContext {
  /** The server: the device has a live connection now (a status alone may be stale). */
  connected?: boolean;
  /** The server: a reboot, reset or upgrade job of the device is still open (the busy rule, 911). */
  jobOpen?: boolean;
}

/** Whether a device kind may take an action at all (§6: an NVR is never reset or upgraded). */
export function kindAllows(action: MaintenanceOperation, type: string): boolean {
  if (action === 'reset' || action === 'upgrade')
    return !(KINDS_WITHOUT_RESET_OR_UPGRADE as readonly string[]).includes(type);
  return true;
}

/**
 * Why `action` is refused for this device now, as a §8 code, or null when it may run. In this
 * order: the kind or model cannot (913), local management mode (76), a secondary mesh node (912),
 * upgrading (71), rebooting (917), another maintenance job still open (911), offline (36).
 */
export function maintenanceRefusal(
  action: MaintenanceOperation,
  d: MaintenanceTarget,
  ctx: MaintenanceContext = {},
): ErrorCode | null {
  const model = d.model ? findModel(d.model) : undefined;
  if (!kindAllows(action, d.type)) return ERR.DEVICE_OPERATION_UNSUPPORTED;
  if (model && !modelHas(model, OPERATION_COMMAND[action])) return ERR.DEVICE_OPERATION_UNSUPPORTED;
  return deviceStateRefusal(d, ctx);
}

/**
 * What the device's state refuses, whatever the operation (maintenance, backup, restore): local
 * management mode (76), a secondary mesh node (912), upgrading (71), rebooting (917), a job of the
 * same family still open (911), offline or not connected (36). The operation's own checks (the kind,
 * the model's capability) come first.
 */
export function deviceStateRefusal(d: MaintenanceTarget, ctx: MaintenanceContext = {}): ErrorCode | null {
  if (d.managementMode === MANAGEMENT_MODES.LOCAL) return ERR.LOCAL_MODE_UNSUPPORTED;
  if (d.meshRole === MESH_NODE_TYPES.SECONDARY) return ERR.SECONDARY_MESH_NODE;
  if (
    d.status === DEVICE_STATUS.UPGRADING ||
    d.status === DEVICE_STATUS.UPLOADING ||
    d.status === DEVICE_STATUS.UPLOAD_SUCCESS
  )
    return ERR.DEVICE_UPGRADING;
  if (d.status === DEVICE_STATUS.REBOOTING) return ERR.DEVICE_REBOOTING_OR_UPGRADING;
  if (ctx.jobOpen) return ERR.DEVICE_BUSY;
  if (!isDeviceOnline(d.status) || ctx.connected === false) return ERR.DEVICE_OFFLINE;
  return null;
}

/**
 * The reason shown next to a disabled action: the catalogue's message for the refusal; an offline
 * device asked to upgrade gets §8's "only online devices can be upgraded".
 */
export function maintenanceRefusalReason(
  action: MaintenanceOperation,
  d: MaintenanceTarget,
  ctx: MaintenanceContext = {},
): string | null {
  const code = maintenanceRefusal(action, d, ctx);
  return code === null ? null : refusalMessage(action, code);
}

/** The words of a refusal's code for this operation (the batch results and the buttons say the same). */
export function refusalMessage(action: MaintenanceOperation, code: ErrorCode): string {
  if (action === 'upgrade' && code === ERR.DEVICE_OFFLINE) return GENERAL_MESSAGES.UPGRADE_ONLINE_ONLY;
  return errorMessage(code);
}

/** Protocol commands that take a device away: while one is open the device is busy (911). */
export const BUSY_COMMANDS = ['reboot', 'reset', 'upgrade'] as const;
