/**
 * The checks of a save that hold for every kind: the shape (the kind's schema, 400 with every
 * issue), the §6 device checks of a device-level document, and refusing with the first broken §5
 * rule's code (the envelope carries the catalogue message; every issue is listed).
 */
import {
  type CodedIssue,
  ERR,
  type ErrorCode,
  isSecondaryMeshNode,
  type KindDefinition,
  kindSupportCode,
  MANAGEMENT_MODES,
} from '@netloom/domain';
import { AppError } from '../../lib/errors';
import type { DeviceFacts } from './facts';

/** Shape check with the kind's schema: 400 with every issue. */
export function parseSettings<S>(kind: KindDefinition<S>, settings: unknown): S {
  const parsed = kind.schema.safeParse(settings);
  if (!parsed.success) {
    throw new AppError(
      ERR.INVALID_PARAMETERS,
      400,
      parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
    );
  }
  return parsed.data;
}

/** Refuses with the first issue's code (the envelope carries the catalogue message) and lists all. */
export function refuseIssues(issues: readonly CodedIssue[]): void {
  const first = issues[0];
  if (!first) return;
  throw new AppError(
    first.code as ErrorCode,
    400,
    issues.map((i) => ({ path: i.path, message: i.message })),
  );
}

/**
 * §6 for a device-level save: local management mode 76, secondary mesh node 912, model without
 * the kind 913, firmware older than the kind's minimum 415.
 */
export function checkDeviceConfigurable(f: DeviceFacts, kind: KindDefinition<unknown>): void {
  if (f.managementMode === MANAGEMENT_MODES.LOCAL) throw new AppError(ERR.LOCAL_MODE_UNSUPPORTED);
  if (isSecondaryMeshNode(f)) throw new AppError(ERR.SECONDARY_MESH_NODE);
  const code = kindSupportCode(kind.support, f.model, f.firmware);
  if (code !== null) throw new AppError(code as ErrorCode);
}
