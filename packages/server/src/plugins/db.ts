import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, DbHandle, DbKind, WriteThread } from '../db';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: DbKind;
  }
}

/**
 * Exposes the database to plugins and closes it with the app when the app opened it — after the
 * write thread, whose last batches the features' stop (earlier in the close) has handed it.
 */
export const dbPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { database: DbHandle; owned: boolean; writeThread: WriteThread | null },
  ) => {
    app.decorate('db', opts.database.db);
    app.decorate('dbKind', opts.database.kind);
    app.addHook('onClose', async () => {
      await opts.writeThread?.close();
      if (opts.owned) await opts.database.db.destroy();
    });
  },
);
