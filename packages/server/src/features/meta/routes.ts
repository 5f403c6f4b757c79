import { versionInfoSchema } from '@netloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/api';
import { versionInfo } from './releases';

export const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/version',
    {
      schema: {
        tags: ['meta'],
        summary: 'Version, release time and major updates',
        response: responses(versionInfoSchema),
      },
    },
    async () => ok(versionInfo()),
  );
};
