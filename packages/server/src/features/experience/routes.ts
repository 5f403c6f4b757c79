import { experienceEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import type { ExperienceService } from './service';

/** `GET/POST/DELETE /api/experience` (domain `experienceEndpoints`). */
export async function experienceRoutes(app: FastifyInstance, service: ExperienceService): Promise<void> {
  route(app, E.get, async (request) => service.state(sessionOf(request).accountId));
  route(app, E.create, async (request) => service.create(sessionOf(request).accountId, request.body.name));
  route(app, E.remove, async (request) => {
    await service.remove(sessionOf(request).accountId);
    return {};
  });
}
