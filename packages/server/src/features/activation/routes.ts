/** Activation statistics routes (domain `activationEndpoints`): the manufacturer role only (403 else). */
import { activationEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import type { ActivationService } from './service';
import { activationWorkbook } from './workbook';

export async function activationRoutes(
  app: FastifyInstance,
  { activation, clock }: { activation: ActivationService; clock: Clock },
): Promise<void> {
  route(app, E.stats, async (request) => {
    await activation.requireManufacturer(sessionOf(request).accountId);
    return activation.stats(request.query);
  });
  route(app, E.exportXlsx, async (request, reply) => {
    await activation.requireManufacturer(sessionOf(request).accountId);
    const stats = await activation.stats(request.query);
    const file = `activations-${stats.from}-to-${stats.to}.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${file}"`)
      .send(await activationWorkbook(stats, clock.now()));
  });
}
