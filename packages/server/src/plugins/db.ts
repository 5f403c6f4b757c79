import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, DbHandle, DbKind } from '../db';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: DbKind;
  }
}

/** Exposes the database to plugins and closes it with the app when the app opened it. */
export const dbPlugin = fp(async (app: FastifyInstance, opts: { database: DbHandle; owned: boolean }) => {
  app.decorate('db', opts.database.db);
  app.decorate('dbKind', opts.database.kind);
  if (opts.owned) app.addHook('onClose', async () => opts.database.db.destroy());
});
