/**
 * Authorization records (migration 0019): what a customer agreed to, written with the payment, AutoPay or plan it
 * authorizes and read back for the vendor. Rows are never updated nor deleted here: a new agreement is a new row.
 */
import type { Insertable } from 'kysely';
import type { Db } from '../db/connect.js';
import type { PaymentAuthorizationsTable } from '../db/schema.js';

export async function insertAuthorization(trx: Db, row: Insertable<PaymentAuthorizationsTable>): Promise<string> {
  return (await trx.insertInto('paymentAuthorizations').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** The fields the vendor API shows, by id, of the vendor's own records (null id or no such row: null). */
export async function authorizationOfVendor(db: Db, vendorId: string, id: string | null) {
  if (id === null) return null;
  const row = await db
    .selectFrom('paymentAuthorizations')
    .select(['kind', 'epaVersion', 'epaSha256', 'agreedAt', 'ipAddress', 'userAgent'])
    .where('id', '=', id)
    .where('vendorId', '=', vendorId)
    .executeTakeFirst();
  return row ?? null;
}
