import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../config/api';
import { LOG_RETENTION_DAYS } from '../enums/misc';
import {
  RUNLOG_KINDS,
  RUNLOG_ONLY_ACTIONS,
  runlogActionsOf,
  runlogQuerySchema,
  runlogSettingsInputSchema,
} from './runlog';

describe('the system log', () => {
  it('puts every action in exactly one kind', () => {
    const all = RUNLOG_KINDS.flatMap((k) => runlogActionsOf([k]));
    expect([...all].sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(runlogActionsOf(['device'])).toEqual(['device.online', 'device.offline']);
  });

  it('keeps its own entries out of the change log, and they are actions of the log', () => {
    for (const a of RUNLOG_ONLY_ACTIONS) expect(AUDIT_ACTIONS).toContain(a);
    expect(RUNLOG_ONLY_ACTIONS).not.toContain('config.save');
  });

  it('takes the §9 retention choices only', () => {
    for (const d of LOG_RETENTION_DAYS)
      expect(runlogSettingsInputSchema.safeParse({ retentionDays: d }).success).toBe(true);
    expect(runlogSettingsInputSchema.safeParse({ retentionDays: 45 }).success).toBe(false);
  });

  it('filters: account 0 is the system, a range must be in order', () => {
    expect(runlogQuerySchema.parse({ accountId: '0' })).toMatchObject({ accountId: 0, page: 1 });
    expect(runlogQuerySchema.safeParse({ from: '10', to: '5' }).success).toBe(false);
    expect(runlogQuerySchema.safeParse({ kind: 'nope' }).success).toBe(false);
  });
});
