import {
  type DeviceImportResult,
  deviceImportIssues,
  deviceLocationSchema,
  deviceNameSchema,
  ERR,
  type ImportRowResult,
  serialNumberIssue,
} from '@netloom/domain';
import type { z } from 'zod';
import type { ActivityLog } from '../../lib/activity';
import type { Clock } from '../../lib/clock';
import { invalidField } from '../../lib/errors';
import type { ProjectAccess } from '../../plugins/projectAccess';
import type { ImportRow } from './excel';
import type { Candidate, Onboarding } from './onboarding';
import type { DeviceStore } from './store';

const FIRST_ROW = 2;

function firstIssue(schema: z.ZodType, value: string): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Invalid value.');
}

/**
 * The domain numbers rows as if they were contiguous from row 2; blank rows inside the sheet are
 * skipped, so every "row N" it writes is mapped back to the sheet's own row number.
 */
function renumber(message: string, rows: readonly ImportRow[]): string {
  return message.replace(/\b([Rr]ow) (\d+)/g, (all, word: string, n: string) => {
    const row = rows[Number(n) - FIRST_ROW]?.row;
    return row === undefined ? all : `${word} ${row}`;
  });
}

/**
 * Batch import (≤ 500 rows): file-level problems refuse the whole file; otherwise every row gets an
 * outcome — bad serial numbers, names and locations, serial numbers repeated in the file or already
 * in the project are reported with the domain's messages, the remaining rows go through the same
 * onboarding rules as adding by SN (a file mixing mesh and traditional kinds is refused whole, 154).
 */
export class DeviceImport {
  constructor(
    private readonly store: DeviceStore,
    private readonly onboarding: Onboarding,
    private readonly activity: ActivityLog,
    private readonly clock: Clock,
  ) {}

  async run(access: ProjectAccess, rows: readonly ImportRow[]): Promise<DeviceImportResult> {
    const fileIssue = deviceImportIssues(rows).find((i) => i.index === -1);
    if (fileIssue) throw invalidField('file', fileIssue.message);

    const inProject = (
      await this.store.devicesBySn(
        this.store.db,
        rows.map((r) => r.sn.trim()),
      )
    )
      .filter((d) => d.project_id === access.projectId)
      .map((d) => d.sn);
    const snIssues = new Map<number, string>();
    for (const issue of deviceImportIssues(rows, { firstRowNumber: FIRST_ROW, existing: inProject })) {
      if (!snIssues.has(issue.index)) snIssues.set(issue.index, renumber(issue.message, rows));
    }

    const results = new Map<number, ImportRowResult>();
    const valid: { row: ImportRow; candidate: Candidate }[] = [];
    for (const [index, r] of rows.entries()) {
      const base = { row: r.row, sn: r.sn, name: r.name };
      const snIssue = snIssues.get(index);
      if (snIssue) {
        const code = serialNumberIssue(r.sn) === null ? ERR.DATA_EXISTS : ERR.INVALID_PARAMETERS;
        results.set(r.row, { ...base, outcome: 'failed', code, message: snIssue });
        continue;
      }
      const fieldIssue =
        (r.name === '' ? null : firstIssue(deviceNameSchema, r.name)) ??
        firstIssue(deviceLocationSchema, r.location);
      if (fieldIssue) {
        const message = `Row ${r.row}: ${fieldIssue}`;
        results.set(r.row, { ...base, outcome: 'failed', code: ERR.INVALID_PARAMETERS, message });
        continue;
      }
      valid.push({
        row: r,
        candidate: { sn: r.sn.trim(), name: r.name || undefined, location: r.location || null },
      });
    }

    const outcomes = await this.onboarding.admit(
      access.projectId,
      valid.map((v) => v.candidate),
      true,
    );
    for (const [i, v] of valid.entries()) {
      const o = outcomes[i];
      const base = { row: v.row.row, sn: v.row.sn, name: v.row.name };
      if (o?.ok) {
        results.set(v.row.row, {
          ...base,
          // The name the device got (the default one when the row left it empty).
          name: o.name,
          outcome: 'added',
          code: 0,
          message: 'Added.',
          deviceId: o.deviceId,
        });
      } else if (o) {
        results.set(v.row.row, {
          ...base,
          outcome: 'failed',
          code: o.code,
          message: `Row ${v.row.row}: ${o.message}`,
        });
      }
    }
    const ordered = [...results.values()].sort((a, b) => a.row - b.row);
    const added = ordered.filter((r) => r.outcome === 'added').length;
    // One log entry for the whole file, not one per row.
    if (added > 0) {
      const refused = ordered.length - added;
      const rest = refused > 0 ? ` (${refused} ${refused === 1 ? 'row' : 'rows'} refused)` : '';
      await this.activity.record({
        projectId: access.projectId,
        accountId: access.accountId,
        device: null,
        action: 'device.add',
        summary: `Imported ${added} ${added === 1 ? 'device' : 'devices'} from a file${rest}.`,
        at: this.clock.now(),
      });
    }
    return { total: ordered.length, added, failed: ordered.length - added, rows: ordered };
  }
}
