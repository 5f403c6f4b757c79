/**
 * Remote web management (issue 13 §3): who may open a device's own web page through the console,
 * written once for the server (which refuses with the code) and the web (which disables the action
 * with the reason). The model must have the `remoteWeb` capability (326); the device's state is the
 * maintenance rule's (`deviceStateRefusal`: local mode 76, secondary mesh node 912, upgrading 71,
 * rebooting 917, offline), an offline device answered with remote management's own 322.
 */
import { ERR, type ErrorCode, errorMessage } from '../errors/catalogue';
import { deviceStateRefusal, type MaintenanceTarget } from '../maintenance/rules';
import { findModel, modelHas } from '../models/catalogue';

/** Every proxied page of a session lives under `/remote/<session id>/`. */
export const REMOTE_PATH_PREFIX = '/remote/';
/** The query parameter of the launch link that carries the browser token once. */
export const REMOTE_LAUNCH_PARAM = 'launch';
/** A session id: 22 base64url characters (128 random bits). */
export const REMOTE_SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The path of a session's pages (the device's `/` under it). */
export function remoteSessionPath(sessionId: string): string {
  return `${REMOTE_PATH_PREFIX}${sessionId}/`;
}

export interface RemoteContext {
  /** The server: the device has a live connection now. */
  connected?: boolean;
}

/** Why remote management is refused for this device now, as a §8 code, or null when it may open. */
export function remoteRefusal(d: MaintenanceTarget, ctx: RemoteContext = {}): ErrorCode | null {
  const model = d.model ? findModel(d.model) : undefined;
  if (model && !modelHas(model, 'remoteWeb')) return ERR.REMOTE_MGMT_UNSUPPORTED;
  const code = deviceStateRefusal(d, { connected: ctx.connected });
  return code === ERR.DEVICE_OFFLINE ? ERR.REMOTE_MGMT_DEVICE_OFFLINE : code;
}

/** The reason shown next to a disabled "Remote management", or null when it may open. */
export function remoteRefusalReason(d: MaintenanceTarget, ctx: RemoteContext = {}): string | null {
  const code = remoteRefusal(d, ctx);
  return code === null ? null : errorMessage(code);
}
