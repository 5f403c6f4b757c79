/**
 * A solution's device list (§3 "device list with quantity and remarks") and its rules (§5): at
 * least one device (57), devices the catalogue knows (56), listed in the network's order (55), a
 * model that fits its role (524), and the per-solution limits — 1 AC, 1 gateway, 99 access switches,
 * 99 core switches, 999 APs (523).
 *
 * What 55 means here: the list is the bill of materials read top-down, the way the network is
 * wired — gateway, AC, core switches, access switches, APs, cameras, NVRs — and one row per role
 * and model. A list with a role after a later one, or a role and model twice, is refused (the
 * console keeps the order itself; an API client learns it from the field issue).
 */
import { z } from 'zod';
import { ERR, type ErrorCode } from '../errors/catalogue';
import {
  SOLUTION_MAX_APS,
  SOLUTION_MAX_ROWS,
  SOLUTION_MIN_QUANTITY,
  SOLUTION_MODEL_MAX_LENGTH,
  SOLUTION_REMARK_MAX_LENGTH,
} from '../limits';
import { findModel, modelsOfType } from '../models/catalogue';
import type { DeviceModel, ModelKind } from '../models/types';
import { type SolutionDeviceCategory, solutionDevicesIssue } from '../validation/solutions';
import { optionalTextSchema } from '../validation/text';

/** Roles of a solution's devices, in the order the list (and the network) reads. */
export const SOLUTION_ROLES = [
  'gateway',
  'ac',
  'core_switch',
  'access_switch',
  'ap',
  'camera',
  'nvr',
] as const;
export type SolutionRole = (typeof SOLUTION_ROLES)[number];

export const SOLUTION_ROLE_LABELS: Record<SolutionRole, string> = {
  gateway: 'Gateway',
  ac: 'AC controller',
  core_switch: 'Core switch',
  access_switch: 'Access switch',
  ap: 'Access point',
  camera: 'IP camera',
  nvr: 'NVR',
};

/**
 * The catalogue kinds a role may take. The catalogue has no stand-alone AC: a gateway (v7) runs
 * the AC function, so an AC row takes a gateway model.
 */
export const SOLUTION_ROLE_KINDS: Record<SolutionRole, readonly ModelKind[]> = {
  gateway: ['v7', 'router'],
  ac: ['v7'],
  core_switch: ['switch'],
  access_switch: ['switch'],
  ap: ['ap'],
  camera: ['ipc'],
  nvr: ['nvr'],
};

/** The §5 limit category of a role (`validation/solutions.ts`); cameras and NVRs have none. */
export const SOLUTION_ROLE_CATEGORY: Partial<Record<SolutionRole, SolutionDeviceCategory>> = {
  ac: 'ac',
  gateway: 'gateway',
  core_switch: 'coreSwitch',
  access_switch: 'accessSwitch',
  ap: 'ap',
};

/** Largest quantity of one row: the largest §5 limit (APs). */
export const SOLUTION_MAX_QUANTITY = SOLUTION_MAX_APS;

export const solutionDeviceSchema = z.object({
  role: z.enum(SOLUTION_ROLES),
  /** A catalogue model id, e.g. "NL-A3000C" (56 when the catalogue does not know it). */
  model: z.string().min(1).max(SOLUTION_MODEL_MAX_LENGTH),
  quantity: z.int().min(SOLUTION_MIN_QUANTITY).max(SOLUTION_MAX_QUANTITY),
  remarks: optionalTextSchema({ label: 'Remarks', max: SOLUTION_REMARK_MAX_LENGTH }),
});
export type SolutionDevice = z.infer<typeof solutionDeviceSchema>;

export const solutionDevicesSchema = z.array(solutionDeviceSchema).max(SOLUTION_MAX_ROWS);

/** One number of a generated solution and why ("capacity: 380 users at 32 per radio"). */
export interface SizingLine {
  role: SolutionRole;
  model: string;
  quantity: number;
  reason: string;
}

/** One broken rule of a device list: its code and the field issue (path under `devices`). */
export interface SolutionDevicesRefusal {
  code: ErrorCode;
  /** Row index, or -1 for the list as a whole. */
  index: number;
  field: 'model' | 'quantity' | 'role' | 'devices';
  message: string;
}

const RANK = new Map<SolutionRole, number>(SOLUTION_ROLES.map((r, i) => [r, i]));

/** The first broken rule of a device list, in the order 57, 56, 524, 55, 523; null when it is valid. */
export function solutionDevicesRefusal(devices: readonly SolutionDevice[]): SolutionDevicesRefusal | null {
  if (devices.length === 0)
    return {
      code: ERR.SOLUTION_NO_DEVICES,
      index: -1,
      field: 'devices',
      message: 'Add at least one device.',
    };
  for (const [i, d] of devices.entries()) {
    const model = findModel(d.model);
    if (!model)
      return {
        code: ERR.SOLUTION_DEVICE_MISSING,
        index: i,
        field: 'model',
        message: `Model ${d.model} is not in the catalogue.`,
      };
    if (!SOLUTION_ROLE_KINDS[d.role].includes(model.kind))
      return {
        code: ERR.SOLUTION_MODEL_ROLE,
        index: i,
        field: 'model',
        message: `${model.model} cannot be used as ${SOLUTION_ROLE_LABELS[d.role].toLowerCase()}.`,
      };
  }
  const seen = new Set<string>();
  for (const [i, d] of devices.entries()) {
    const prev = devices[i - 1];
    if (prev && (RANK.get(d.role) ?? 0) < (RANK.get(prev.role) ?? 0))
      return {
        code: ERR.SOLUTION_ORDER_INVALID,
        index: i,
        field: 'role',
        message: `${SOLUTION_ROLE_LABELS[d.role]} must come before ${SOLUTION_ROLE_LABELS[prev.role].toLowerCase()}.`,
      };
    const key = `${d.role}|${findModel(d.model)?.model}`;
    if (seen.has(key))
      return {
        code: ERR.SOLUTION_ORDER_INVALID,
        index: i,
        field: 'model',
        message: 'This model is already listed for this role.',
      };
    seen.add(key);
  }
  const limit = solutionDevicesIssue(
    devices.map((x) => ({ category: SOLUTION_ROLE_CATEGORY[x.role], quantity: x.quantity })),
  );
  if (limit) return { code: ERR.SOLUTION_DEVICE_LIMIT, index: -1, field: 'devices', message: limit };
  return null;
}

/** The list in the network's order (stable within a role): what the console saves. */
export function sortSolutionDevices<T extends Pick<SolutionDevice, 'role'>>(devices: readonly T[]): T[] {
  return [...devices].sort((a, b) => (RANK.get(a.role) ?? 0) - (RANK.get(b.role) ?? 0));
}

/** The models a role may take, for the editor's picker. */
export function modelsForRole(role: SolutionRole): DeviceModel[] {
  return SOLUTION_ROLE_KINDS[role].flatMap((k) => modelsOfType(k));
}
