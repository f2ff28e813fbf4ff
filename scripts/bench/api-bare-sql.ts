/**
 * The bare server's SQL for `GET .../invoices?type=click2pay` (scripts/bench/api-server.ts): the statements the portal
 * runs for the same call, written out for node-postgres. Keep in step with server/db/tokens.ts (`authenticateToken`)
 * and server/repos/invoices.ts (`locationInvoicesJson`, `requestInvoiceIds`).
 */
import type pg from 'pg';

/** Token by hash and the contact's scope for the path, one round trip. */
export async function authAndScope(pool: pg.Pool, hash: string, vendorId: string, locationId: string) {
  const { rows } = await pool.query(
    `select t.*, exists (select 1 from contact_locations cl inner join locations l on l.id = cl.location_id
        where cl.contact_id = t.contact_id and cl.location_id = $2::uuid
        and cl.vendor_id = $3::uuid and l.vendor_id = $3::uuid) as in_scope
       from tokens as t where t.token_hash = $1`,
    [hash, locationId, vendorId],
  );
  return rows[0];
}

const ISO = (c: string) => `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const PASS = (k: string) =>
  `btrim(case when jsonb_typeof(i.extra->'eodPassthrough'->'${k}') = 'string' then i.extra->'eodPassthrough'->>'${k}' else '' end, E' \\t\\n\\r\\f\\v')`;

const OPEN_INVOICES_JSON = `
  select '[' || coalesce(string_agg(row_to_json(v)::text, ',' order by i.due_date asc nulls last, i.display_inv_num, i.id), '') || ']' as json
    from invoices i, lateral (
      select i.id as "id", i.external_id as "externalId", i.display_inv_num as "displayInvNum",
        i.open_amount_cents::float8 / 100 as "openAmount", i.due_date as "dueDate",
        i.external_invoice_date as "externalInvoiceDate", i.invoice_date as "invoiceDate", i.po_ref_id as "poRefId",
        nullif(concat_ws(' - ', nullif(st.st_id, ''), nullif(st.st_name, '')), '') as "shipTo",
        nullif(st.st_name, '') as "filterName", i.payable as "payable",
        case when i.deleted_at is null then null else ${ISO('i.deleted_at')} end as "deletedAt",
        ${ISO('i.created_at')} as "createdAt", ${ISO('i.updated_at')} as "updatedAt", i.location_id as "locationId",
        coalesce(i.create_type, '') as "createType", i.external_url as "externalUrl", i.status as "status"
      from (select ${PASS('stId')} as st_id, ${PASS('stName')} as st_name) st
    ) v
   where i.vendor_id = $1 and i.location_id = $2 and i.payable = true and i.deleted_at is null`;

const REQUESTS = `select id, invoice_ids from requests where contact_id = $1 and vendor_id = $2 and location_id = $3
  and type = $4 and status = 'active' order by created_at desc, id`;

/** The open invoices as JSON text and the click-to-pay request's invoice ids (none in the scale data), at once. */
export async function openInvoicesBody(pool: pg.Pool, contactId: string, vendorId: string, locationId: string): Promise<string> {
  const [list, requests] = await Promise.all([
    pool.query(OPEN_INVOICES_JSON, [vendorId, locationId]),
    pool.query(REQUESTS, [contactId, vendorId, locationId, 'click2pay']),
  ]);
  const ids = requests.rows[0]?.invoice_ids ?? [];
  return `{"locationInvoices":${list.rows[0]?.json ?? '[]'},"requestInvoiceIds":${JSON.stringify(ids)}}`;
}
