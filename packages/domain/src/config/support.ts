/**
 * Whether a device can take a kind of settings document (§6 "version too low", "device does not
 * support the operation"), written once for the server (refuses with the code) and the web (hides or
 * disables the page). Which models take a kind is the kind's `support` (its definition).
 *
 * Firmware rule: a kind needs at least the *minimum firmware* of the model, which is the oldest
 * release the catalogue lists for it (`firmwareVersions[0]`) — every listed release speaks the
 * configuration protocol of docs/protocol.md §7.1; older (pre-release, unlisted) builds do not.
 */
import { ERR } from '../errors/catalogue';
import type { DeviceModel } from '../models/types';
import type { KindSupport } from './kind';

/** Numeric parts of a firmware version ("V1.0.12" → [1, 0, 12]). */
function versionParts(version: string): number[] {
  return (version.match(/\d+/g) ?? []).map(Number);
}

/** Compares two firmware versions by their numeric parts: negative when `a` is older than `b`. */
export function compareFirmware(a: string, b: string): number {
  const pa = versionParts(a);
  const pb = versionParts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The oldest firmware of a model that takes settings documents (the same for every kind). */
export function minimumConfigFirmware(model: DeviceModel): string {
  return model.firmwareVersions[0] ?? '';
}

/**
 * Why a device cannot take a document a kind with `support` describes, as a catalogue code, or
 * null when it can: 913 the model (or an unknown model) lacks it, 415 its firmware is older than
 * the minimum.
 */
export function kindSupportCode(
  support: KindSupport,
  model: DeviceModel | null | undefined,
  firmware: string | null | undefined,
): number | null {
  if (!model || !support.kinds.includes(model.kind)) return ERR.DEVICE_OPERATION_UNSUPPORTED;
  if (support.capability && !model.capabilities.includes(support.capability))
    return ERR.DEVICE_OPERATION_UNSUPPORTED;
  if (firmware && compareFirmware(firmware, minimumConfigFirmware(model)) < 0) return ERR.VERSION_TOO_LOW;
  return null;
}
