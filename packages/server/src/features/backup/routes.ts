/** The backup routes (domain `backupEndpoints`): thin, the rules are the service's. */
import { backupEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { BackupService } from './service';

export async function backupRoutes(app: FastifyInstance, { service }: { service: BackupService }) {
  route(app, E.list, async (request) => service.list(projectAccessOf(request).projectId));
  route(app, E.settings, async (request) => service.settings(projectAccessOf(request).projectId));
  route(app, E.saveSettings, async (request) => service.saveSettings(projectAccessOf(request), request.body));
  route(app, E.create, async (request) => service.create(projectAccessOf(request), request.body.deviceIds));
  route(app, E.update, async (request) =>
    service.update(projectAccessOf(request), request.params.backupId, request.body),
  );
  route(app, E.remove, async (request) => service.remove(projectAccessOf(request), request.params.backupId));
  route(app, E.file, async (request, reply) => {
    const file = await service.file(projectAccessOf(request).projectId, request.params.backupId);
    // The device's bytes as it sent them: never rendered, always saved under the backup's name.
    return reply
      .header('content-type', 'application/octet-stream')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .send(file.bytes);
  });
  route(app, E.restore, async (request) =>
    service.restore(projectAccessOf(request), request.params.backupId, request.body.deviceId),
  );
}
