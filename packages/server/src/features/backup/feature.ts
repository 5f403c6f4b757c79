/**
 * The backup feature (issue 13 §2): configuration backups of a project's devices — "Back up now",
 * restore points, the 128-backup cap, download, delete, restore. It owns `config_backups`; the
 * upload and the restore are the commands feature's jobs, the restored settings are saved through
 * the configuration engine's public `save`.
 */
import type { Logger } from 'pino';
import type { Feature } from '../../lib/feature';
import type { CommandService } from '../commands';
import { BackupDevice } from './device';
import { backupRoutes } from './routes';
import { type BackupDeps, BackupService } from './service';
import { BackupStore } from './store';

export type BackupFeatureDeps = Omit<BackupDeps, 'store' | 'commands'> & {
  db: BackupStore['db'];
  logger: Logger;
  commands: Pick<CommandService, 'create' | 'openOf' | 'get' | 'onFinished'>;
};

export function createBackupFeature(deps: BackupFeatureDeps): Feature {
  const store = new BackupStore(deps.db);
  const service = new BackupService({ ...deps, store });
  const device = new BackupDevice({ store, service, commands: deps.commands, clock: deps.clock });
  device.follow();
  return {
    name: 'backup',
    routes: (app) => backupRoutes(app, { service }),
    device: {
      reply: device.onReply,
      // An applied version: the project's automatic backup, off the dispatcher's path.
      configResult: (ctx, data) => {
        if (!ctx.device || !data.ok) return;
        const { projectId, deviceId } = ctx.device;
        service
          .afterApplied(projectId, deviceId)
          .catch((err: unknown) => deps.logger.warn({ err, deviceId }, 'automatic backup not started'));
      },
    },
  };
}
