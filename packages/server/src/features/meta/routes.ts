import { metaEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { versionInfo } from './releases';

/** `GET /api/meta/version` (domain `metaEndpoints`). */
export async function metaRoutes(app: FastifyInstance): Promise<void> {
  route(app, E.version, async () => versionInfo());
}
