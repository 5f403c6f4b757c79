import {
  deviceFamily,
  ERR,
  type ErrorCode,
  familyOfNetMode,
  isGatewayKind,
  type ModelKind,
  type NetMode,
  PROJECT_KIND_LIMITS,
  UNKNOWN_DEVICE_TYPE,
} from '@netloom/domain';

/**
 * The onboarding rules of §8/§9 as pure functions over counts, so add-by-SN, claim, import and the
 * late check at `hello` apply exactly the same rules (docs/decisions.md "Onboarding rules").
 */

/** What the rules need to know about the target project. */
export interface ProjectFacts {
  id: number;
  netMode: NetMode;
  ownerId: number;
}

/** Devices already in the project (per type) and in all projects of its owner. */
export class DeviceCounts {
  constructor(
    readonly byType: Map<string, number>,
    public accountTotal: number,
  ) {}

  of(type: string): number {
    return this.byType.get(type) ?? 0;
  }
  gateways(): number {
    let n = 0;
    for (const [type, count] of this.byType) if (isGatewayKind(type)) n += count;
    return n;
  }
  /** Records a device added in the same batch, so row 2 of an import sees row 1. */
  add(type: string): void {
    this.byType.set(type, this.of(type) + 1);
    this.accountTotal += 1;
  }
}

/**
 * Why a device of `type` may not join the project, or null. Order: the project's network mode
 * (87 mesh into WLAN, 88 traditional WLAN into mesh), one gateway (67), the §9 kind limits (254),
 * the owner's account total (1162). An unknown type passes the kind rules; they run at its `hello`.
 */
export function admissionIssue(
  type: string,
  project: ProjectFacts,
  counts: DeviceCounts,
  accountLimit: number,
): ErrorCode | null {
  if (type !== UNKNOWN_DEVICE_TYPE) {
    const family = deviceFamily(type);
    if (family !== 'neutral' && family !== familyOfNetMode(project.netMode)) {
      return family === 'mesh' ? ERR.MESH_DEVICE_IN_WLAN_PROJECT : ERR.WLAN_DEVICE_IN_MESH_PROJECT;
    }
    if (isGatewayKind(type) && counts.gateways() >= 1) return ERR.GATEWAY_LIMIT;
    const limit = PROJECT_KIND_LIMITS[type as ModelKind];
    if (limit !== undefined && counts.of(type) >= limit) return ERR.DEVICE_LIMIT;
  }
  if (counts.accountTotal >= accountLimit) return ERR.DEVICE_LIMIT_ALT;
  return null;
}

/**
 * The rule a device already in the project breaks once its `hello` reveals its kind, or null. The
 * counts exclude the device itself. A family conflict found this late is 93 (mixed in one project).
 */
export function lateIssue(type: string, project: ProjectFacts, others: DeviceCounts): ErrorCode | null {
  const family = deviceFamily(type);
  if (family !== 'neutral' && family !== familyOfNetMode(project.netMode)) return ERR.MIXED_NETWORK_MODES;
  if (isGatewayKind(type) && others.gateways() >= 1) return ERR.GATEWAY_LIMIT;
  const limit = PROJECT_KIND_LIMITS[type as ModelKind];
  if (limit !== undefined && others.of(type) >= limit) return ERR.DEVICE_LIMIT;
  return null;
}

/** Code 154: whether a batch holds both mesh and traditional WLAN kinds (meant for two projects). */
export function mixesFamilies(types: readonly string[]): boolean {
  const families = new Set(types.map(deviceFamily));
  return families.has('mesh') && families.has('wlan');
}
