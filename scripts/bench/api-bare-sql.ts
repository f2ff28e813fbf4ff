/**
 * The bare server's SQL for `GET .../invoices?type=click2pay` (scripts/bench/api-server.ts): the very statements the
 * portal runs for that call (imported as text from server/db/tokens.ts and server/repos/invoices.ts), run with plain
 * node-postgres.
 */
import type pg from 'pg';
import { AUTH_SQL } from '../../server/db/tokens.js';
import { INVOICE_LIST_SQL, REQUEST_CANDIDATES_SQL } from '../../server/repos/invoices.js';

/** Token by hash and the contact's scope for the path, one round trip. */
export async function authAndScope(pool: pg.Pool, hash: string, vendorId: string, locationId: string) {
  const { rows } = await pool.query(AUTH_SQL.vendorLocation, [hash, vendorId, locationId]);
  return rows[0];
}

/** The open invoices as JSON text and the click-to-pay request's invoice ids, at once. */
export async function openInvoicesBody(pool: pg.Pool, contactId: string, vendorId: string, locationId: string): Promise<string> {
  const [list, requests] = await Promise.all([
    pool.query(INVOICE_LIST_SQL.open, [vendorId, locationId]),
    pool.query(REQUEST_CANDIDATES_SQL, [contactId, vendorId, locationId, 'click2pay']),
  ]);
  const ids: string[] = requests.rows[0]?.invoice_ids ?? [];
  return `{"locationInvoices":${list.rows[0]?.json ?? '[]'},"requestInvoiceIds":${JSON.stringify(ids)}}`;
}
