/**
 * The firmware routes (domain `firmwareEndpoints`): files (owner), upgrades, and the signed
 * download with HTTP Range (one range per request: what a device resuming a download asks).
 */
import multipart from '@fastify/multipart';
import { firmwareEndpoints as E, ERR } from '@netloom/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { FirmwareFiles } from './files';
import type { FirmwareService } from './service';
import { FIRMWARE_UPLOAD_LIMITS, readFirmwareUpload } from './upload';

/** Where devices fetch from: the address the console was reached at (behind a proxy, its forwarded one). */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` of a file of `size` bytes: [start, end] inclusive, or null. */
export function parseRange(header: string, size: number): [number, number] | null | 'invalid' {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'invalid';
    return [Math.max(0, size - n), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'invalid';
  return [start, end];
}

export async function firmwareRoutes(
  app: FastifyInstance,
  { service, files }: { service: FirmwareService; files: FirmwareFiles },
): Promise<void> {
  await app.register(multipart, { limits: FIRMWARE_UPLOAD_LIMITS });

  route(app, E.list, async (request) => service.list(projectAccessOf(request).projectId));
  route(app, E.upload, async (request) => {
    const u = await readFirmwareUpload(request, files);
    return service.add(projectAccessOf(request), u.received, u.fileName, u.fields);
  });
  route(app, E.remove, async (request) =>
    service.remove(projectAccessOf(request), request.params.firmwareId),
  );
  route(app, E.upgrade, async (request) =>
    service.upgradeOne(
      projectAccessOf(request),
      request.params.deviceId,
      request.body.firmwareId,
      originOf(request),
    ),
  );
  route(app, E.upgradeBatch, async (request) =>
    service.upgradeBatch(
      projectAccessOf(request),
      request.body.deviceIds,
      request.body.firmwareId,
      originOf(request),
    ),
  );
  route(app, E.upgrades, async (request) => service.upgrades(projectAccessOf(request).projectId));
  route(app, E.download, async (request, reply) => {
    const d = await service.download(request.params.token);
    const size = (await files.sizeOf(d.key)) ?? -1;
    if (size !== d.size) throw new AppError(ERR.NOT_EXIST, 404);
    const range = request.headers.range;
    reply
      .header('content-type', 'application/octet-stream')
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'no-store')
      .header('etag', `"${d.sha256}"`)
      .header('x-content-sha256', d.sha256);
    if (range) {
      const r = parseRange(range, size);
      if (r === 'invalid' || r === null)
        return reply.code(416).header('content-range', `bytes */${size}`).send();
      const [start, end] = r;
      return reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${size}`)
        .header('content-length', end - start + 1)
        .send(files.stream(d.key, start, end));
    }
    return reply.header('content-length', size).send(files.stream(d.key, 0, size - 1));
  });
}
