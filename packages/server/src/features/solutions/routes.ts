/** The solution generator's routes (domain `solutionEndpoints`): thin, the rules are the service's. */
import { solutionEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import type { SolutionService } from './service';

/** A file name for Content-Disposition: the solution's name in safe ASCII. */
function fileName(name: string): string {
  return `${
    name
      .replace(/[^A-Za-z0-9 _.-]+/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'solution'
  }.pdf`;
}

export async function solutionRoutes(
  app: FastifyInstance,
  { service }: { service: SolutionService },
): Promise<void> {
  const me = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).accountId;
  route(app, E.generate, async (request) => service.generate(me(request), request.body));
  route(app, E.list, async (request) => ({ items: await service.list(me(request)) }));
  route(app, E.create, async (request) => service.create(me(request), request.body));
  route(app, E.get, async (request) => service.get(me(request), request.params.solutionId));
  route(app, E.update, async (request) =>
    service.update(me(request), request.params.solutionId, request.body),
  );
  route(app, E.copy, async (request) => service.copy(me(request), request.params.solutionId));
  route(app, E.remove, async (request) => {
    await service.remove(me(request), request.params.solutionId);
    return {};
  });
  route(app, E.pdf, async (request, reply) => {
    const { bytes, name } = await service.pdf(me(request), request.params.solutionId);
    const disposition = request.query.download === '1' ? 'attachment' : 'inline';
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `${disposition}; filename="${fileName(name)}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(bytes));
  });
  route(app, E.share, async (request) =>
    service.share(me(request), request.params.solutionId, request.body.account),
  );
  route(app, E.scenarios, async (request) => ({ items: await service.scenarios(me(request)) }));
  route(app, E.createScenario, async (request) => service.createScenario(me(request), request.body));
  route(app, E.removeScenario, async (request) => {
    await service.removeScenario(me(request), request.params.scenarioId);
    return {};
  });
}
