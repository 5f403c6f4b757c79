/**
 * What devices say about backups and restores (docs/protocol.md §7.2 `backup`, `restore`): the
 * `backup` reply carries the file, which is checked (schema, size, SHA-256, model) and stored; a
 * job that failed or expired marks its backup failed; a restore's end is recorded on its backup.
 * Runs after the commands feature's `reply` handler (the job row is finished first).
 */
import { createHash } from 'node:crypto';
import { ERR } from '@netloom/domain';
import { backupResultSchema } from '@netloom/protocol';
import type { UpContext, UpData } from '../../gateway/types';
import type { Clock } from '../../lib/clock';
import type { CommandRow, CommandService } from '../commands';
import type { BackupService } from './service';
import type { BackupMeta, BackupStore } from './store';

/**
 * A device may answer before "Back up now" has written the job's id on its backup row (the job is
 * sent as soon as it is created): the row is looked up again a few times, a short while apart.
 */
const LOOKUP_ATTEMPTS = 20;
const LOOKUP_PAUSE_MS = 50;

export interface BackupDeviceDeps {
  store: BackupStore;
  service: Pick<BackupService, 'changed'>;
  commands: Pick<CommandService, 'get' | 'onFinished'>;
  clock: Clock;
}

export class BackupDevice {
  constructor(private readonly deps: BackupDeviceDeps) {}

  /** Follows the ends of `backup` and `restore` jobs (registered once at start). */
  follow(): void {
    this.deps.commands.onFinished('backup', (cmd) => this.backupEnded(cmd));
    this.deps.commands.onFinished('restore', (cmd) => this.restoreEnded(cmd));
  }

  /** The `reply` handler: a successful `backup` reply carries the file. */
  readonly onReply = async (ctx: UpContext, data: UpData<'reply'>): Promise<void> => {
    if (!ctx.device || !data.ok || data.result === undefined || !('file' in data.result)) return;
    const job = await this.deps.commands.get(data.id);
    if (job?.name !== 'backup' || job.device_id !== ctx.device.deviceId) return;
    const row = await this.rowOf(data.id, (id) => this.deps.store.byCommand(id));
    if (!row) return;
    const parsed = backupResultSchema.safeParse(data.result);
    const now = this.deps.clock.now();
    if (!parsed.success) return this.fail(row, ERR.BACKUP_FILE_INVALID);
    const f = parsed.data.file;
    const bytes = Buffer.from(f.content, 'base64');
    const sha = createHash('sha256').update(bytes).digest('hex');
    if (bytes.length !== f.size || sha !== f.sha256 || f.model !== row.model)
      return this.fail(row, ERR.BACKUP_FILE_INVALID);
    const stored = await this.deps.store.storeFile(row.project_id, row.id, {
      sync: 'success',
      sync_code: null,
      content: bytes,
      size: bytes.length,
      sha256: sha,
      config_version: f.configVersion,
      updated_at: now,
    });
    if (!stored) return;
    this.deps.service.changed(row.project_id);
  };

  private async backupEnded(cmd: CommandRow): Promise<void> {
    if (cmd.status === 'done') return; // the reply handler stores the file
    const row = await this.rowOf(cmd.id, (id) => this.deps.store.byCommand(id));
    if (row)
      await this.fail(
        row,
        cmd.status === 'expired' ? ERR.DEVICE_OFFLINE : (cmd.result_code ?? ERR.SAVE_FAILED),
      );
  }

  private async restoreEnded(cmd: CommandRow): Promise<void> {
    const row = await this.rowOf(cmd.id, (id) => this.deps.store.byRestoreCommand(id));
    if (row?.restore_status !== 'running') return;
    const ok = cmd.status === 'done';
    await this.deps.store.update(row.id, {
      restore_status: ok ? 'done' : 'failed',
      restore_code: ok
        ? null
        : cmd.status === 'expired'
          ? ERR.DEVICE_OFFLINE
          : (cmd.result_code ?? ERR.SAVE_FAILED),
      updated_at: this.deps.clock.now(),
    });
    this.deps.service.changed(row.project_id);
  }

  private async fail(row: BackupMeta, code: number): Promise<void> {
    const moved = await this.deps.store.syncUnfinished(row.id, {
      sync: 'fail',
      sync_code: code,
      updated_at: this.deps.clock.now(),
    });
    if (moved) this.deps.service.changed(row.project_id);
  }

  private async rowOf(
    commandId: string,
    find: (id: string) => Promise<BackupMeta | undefined>,
  ): Promise<BackupMeta | undefined> {
    for (let i = 0; i < LOOKUP_ATTEMPTS; i++) {
      const row = await find(commandId);
      if (row) return row;
      await new Promise((r) => setTimeout(r, LOOKUP_PAUSE_MS));
    }
    return undefined;
  }
}
