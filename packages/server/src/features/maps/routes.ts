/**
 * The maps' routes (domain `mapEndpoints`). Project membership, the right, the lock (173) and the
 * live demo (405) are the guards every project route passes; the upload reads its multipart parts
 * with the limits of `upload.ts`.
 */
import multipart from '@fastify/multipart';
import { mapEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { MapService } from './service';
import { MAP_UPLOAD_LIMITS, readUpload, verifyUpload } from './upload';

/** Map images never change under their URL (a new upload is a new map). */
const IMAGE_CACHE = 'private, max-age=86400';

export async function mapRoutes(app: FastifyInstance, { maps }: { maps: MapService }): Promise<void> {
  // Each file is cut at 5 MB while streaming, so an oversized upload never sits in memory whole.
  await app.register(multipart, { limits: MAP_UPLOAD_LIMITS });

  route(app, E.list, async (request) => maps.list(projectAccessOf(request).projectId));
  route(app, E.upload, async (request) => {
    const images = await verifyUpload(await readUpload(request));
    return maps.create(projectAccessOf(request), images);
  });
  route(app, E.get, async (request) => maps.get(projectAccessOf(request).projectId, request.params.mapId));
  route(app, E.image, async (request, reply) => {
    const image = await maps.image(projectAccessOf(request).projectId, request.params.mapId);
    // The type the server sniffed at upload, and nosniff: the browser never guesses another one.
    return reply
      .header('content-type', image.type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', IMAGE_CACHE)
      .send(image.bytes);
  });
  route(app, E.rename, async (request) =>
    maps.rename(projectAccessOf(request), request.params.mapId, request.body.name),
  );
  route(app, E.remove, async (request) => maps.remove(projectAccessOf(request), request.params.mapId));
  route(app, E.setScale, async (request) =>
    maps.setScale(projectAccessOf(request), request.params.mapId, request.body),
  );
  route(app, E.putWalls, async (request) =>
    maps.putWalls(projectAccessOf(request), request.params.mapId, request.body),
  );
  route(app, E.placeDevice, async (request) =>
    maps.place(projectAccessOf(request), request.params.mapId, request.params.deviceId, request.body),
  );
  route(app, E.unplaceDevice, async (request) =>
    maps.unplace(projectAccessOf(request), request.params.mapId, request.params.deviceId),
  );
}
