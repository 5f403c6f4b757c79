import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Shared by migrations so each runs on SQLite and PostgreSQL alike. Changing a helper changes every
// migration that uses it: only ever add new helpers, never alter what an existing one produces.

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An integer primary key `id`: serial on PostgreSQL, autoincrement on SQLite. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
export const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
