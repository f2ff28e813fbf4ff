/**
 * The bare server's SQL for `GET .../invoices` (scripts/bench/api-server.ts): the statements the portal runs for the
 * same call, written out for node-postgres. Keep in step with server/http/auth.ts and server/repos/invoices.ts.
 */
import type pg from 'pg';

/** Token by hash, then the contact's scope: two round trips (as the portal does today). */
export async function authAndScope(pool: pg.Pool, hash: string, vendorId: string, locationId: string) {
  const { rows } = await pool.query('select * from tokens where token_hash = $1', [hash]);
  const token = rows[0];
  if (!token) return undefined;
  const scope = await pool.query(
    `select cl.location_id from contact_locations cl inner join locations l on l.id = cl.location_id
      where cl.contact_id = $1 and cl.location_id = $2 and cl.vendor_id = $3 and l.vendor_id = $3`,
    [token.contact_id, locationId, vendorId],
  );
  return { ...token, in_scope: scope.rows.length > 0 };
}

const cents = (v: string | number) => {
  const n = Number(v);
  return Number(`${Math.trunc(Math.abs(n) / 100)}.${String(Math.abs(n) % 100).padStart(2, '0')}`) * Math.sign(n || 1);
};
const day = (v: Date | null) => (v === null ? null : v.toISOString().slice(0, 10));

export async function openInvoices(pool: pg.Pool, vendorId: string, locationId: string) {
  const { rows } = await pool.query(
    `select * from invoices where vendor_id = $1 and location_id = $2 and payable = true and deleted_at is null
      order by due_date asc nulls last, display_inv_num, id`,
    [vendorId, locationId],
  );
  return rows.map((r) => {
    const pass = r.extra?.eodPassthrough;
    const stId = typeof pass?.stId === 'string' ? pass.stId : '';
    const stName = typeof pass?.stName === 'string' ? pass.stName : '';
    return {
      id: r.id, externalId: r.external_id, displayInvNum: r.display_inv_num, openAmount: cents(r.open_amount_cents),
      dueDate: day(r.due_date), externalInvoiceDate: day(r.external_invoice_date), invoiceDate: day(r.invoice_date),
      poRefId: r.po_ref_id, shipTo: stId || stName ? [stId, stName].filter(Boolean).join(' - ') : null, filterName: stName || null,
      payable: r.payable, deletedAt: r.deleted_at?.toISOString() ?? null, createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(), locationId: r.location_id, createType: r.create_type ?? '',
      externalUrl: r.external_url, status: r.status,
    };
  });
}
