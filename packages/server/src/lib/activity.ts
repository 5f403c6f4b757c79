import type { AuditAction } from '@netloom/domain';

/**
 * What a person (or the system) did in a project, as the change log shows it: who, on which device,
 * what, when. Features that act on a project — adding, claiming and deleting devices, forcing a
 * client offline, an RF run — `record` their actions here; the configuration feature, which owns
 * the change log (`audit_log`), writes them. So a feature logs without depending on the one that
 * stores the log, and the log has one writer.
 */
export interface ActivityEntry {
  projectId: number;
  /** null: the system (a scheduled run, a device's own doing). */
  accountId: number | null;
  /** The device acted on, by id while it exists (null after a delete) and by name for the record. */
  device: { deviceId: number | null; name: string } | null;
  action: AuditAction;
  summary: string;
  at: number;
}

/** Writes entries (one multi-row write for many: the system log's batched device transitions). */
export type ActivityWriter = (entries: readonly ActivityEntry[]) => Promise<void>;

/** The project activity sink every feature records to; the change log's owner writes it. */
export class ActivityLog {
  private writer: ActivityWriter | null = null;

  /** Set once by the change log's owner. */
  setWriter(writer: ActivityWriter): void {
    if (this.writer) throw new Error('the activity log has a writer already');
    this.writer = writer;
  }

  /** Records an action; resolves once it is written, so an answer never runs ahead of its log. */
  async record(entry: ActivityEntry): Promise<void> {
    await this.recordMany([entry]);
  }

  /** Records several actions in one write (a batch of device status transitions). */
  async recordMany(entries: readonly ActivityEntry[]): Promise<void> {
    if (!this.writer) throw new Error('the activity log has no writer (the config feature is not wired)');
    if (entries.length > 0) await this.writer(entries);
  }
}
