import { sql, type RawBuilder } from 'kysely';

/**
 * Value for a `jsonb` column in insert/update: `db.insertInto('requests').values({ invoiceIds: json(ids) })`.
 * Serialises explicitly (node-postgres would send a JS array as a PostgreSQL array literal).
 */
export function json<T>(value: T): RawBuilder<T> {
  return sql<T>`cast(${JSON.stringify(value)} as jsonb)`;
}
