// @vitest-environment node
/**
 * Fuzz over every operation of the three contracts (the portal's `/api`, the vendor API's `/vendor-api`, the payments
 * service's `/payments-api`): each request is the operation's own (its method and path, the caller's own ids, its auth
 * and a body generated from its schema), with ONE value replaced by a bad one — a lone UTF-16 surrogate, a NUL
 * character, 5,000 characters, a date of year 0000, numbers out of any range — in each string or number of the body, in
 * each query parameter and in each path parameter in turn.
 *
 * What a caller and an operator would notice:
 * - no answer is a 5xx;
 * - a refused request (4xx) writes nothing: no row of any table inserted, deleted or changed by a transaction that
 *   committed (a write rolled back is fine, a write kept is not; triggers note each one, `noteWrites`);
 * - a refusal names the field that held a bad text (lone surrogate or NUL) or date.
 * The figures (requests, 5xx, writes) are printed.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/http/contract.js';
import { createApiKey } from '../../server/use-cases/vendor-keys.js';
import { recordEvent } from '../../server/use-cases/vendor-events.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { signInPerson, type ConsolePerson } from './helpers/console-session.js';
import { contractErrors, paymentsContractErrors, vendorContractErrors } from './helpers/contract.js';

/** each contract's check of an answer (the vendor API's is strict: every status and errorCode declared on the operation) */
const checkers = { portal: contractErrors, vendor: vendorContractErrors, payments: paymentsContractErrors };

const load = (name: string) => loadContract(path.resolve(import.meta.dirname, '../../openapi', name)) as any;
const contracts = [
  { name: 'portal', prefix: '/api', doc: load('portal.yaml') },
  { name: 'vendor', prefix: '/vendor-api', doc: load('vendor.yaml') },
  { name: 'payments', prefix: '/payments-api', doc: load('payments.yaml') },
] as const;

const LONE_SURROGATE = 'x\ud800y';
const BAD_STRINGS = [LONE_SURROGATE, 'a\u0000b', 'z'.repeat(5_000), '0000-01-01T00:00:00Z', '0000-01-01', '\udc00'];
const BAD_NUMBERS = [1e308, -1e308, 2 ** 63, 0.001];

let s: TestServer;
let portalToken: string;
let vendorKey: string;
let consoleAdmin: ConsolePerson;
let paymentsJwt: string;
/** the caller's own ids by path/query parameter name */
const own: Record<string, string> = {};

function resolve(doc: any, node: any): any {
  let current = node;
  for (let i = 0; i < 20 && current?.$ref; i += 1) {
    current = current.$ref.replace(/^#\//, '').split('/').reduce((n: any, seg: string) => n[seg.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current;
}

/** A plausible value of a schema: its required properties (every property when `full`), the first of a choice, formats honoured. */
function sample(doc: any, schemaNode: any, name = '', depth = 0, full = false): unknown {
  const schema = resolve(doc, schemaNode) ?? {};
  if (depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.example !== undefined) return schema.example;
  for (const key of ['oneOf', 'anyOf']) if (schema[key]) return sample(doc, schema[key][0], name, depth + 1, full);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part: any) => sample(doc, part, name, depth + 1, full)));
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : undefined)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of full ? Object.keys(schema.properties ?? {}) : (schema.required ?? [])) out[key] = sample(doc, schema.properties?.[key] ?? {}, key, depth + 1, full);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => sample(doc, schema.items ?? {}, name, depth + 1, full));
    case 'integer':
      return schema.minimum ?? 1;
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'uuid') return own[name] ?? randomUUID();
      if (schema.format === 'date') return '2027-01-04';
      if (schema.format === 'date-time') return '2026-11-01T00:00:00Z';
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uri') return 'https://example.com/x';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return 'x';
  }
}

/** Every leaf path of a sampled value: [keys], with its kind. */
function leaves(value: unknown, at: Array<string | number> = []): Array<{ at: Array<string | number>; kind: 'string' | 'number' }> {
  if (typeof value === 'string') return [{ at, kind: 'string' }];
  if (typeof value === 'number') return [{ at, kind: 'number' }];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...at, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...at, k]));
  return [];
}

function replaced(value: unknown, at: Array<string | number>, bad: unknown): unknown {
  if (at.length === 0) return bad;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[at[0]!] = replaced(copy[at[0]!], at.slice(1), bad);
  return copy;
}

const fieldName = (at: Array<string | number>) => at.reduce<string>((acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${k}` : k), '');

interface FuzzRequest {
  contract: 'portal' | 'vendor' | 'payments';
  operationId: string;
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: unknown;
  /** a body of a media type the operation does not take: must be 415 */
  expect415?: boolean;
  /** the field a refusal should name, when the bad value is a text or date the rule refuses */
  field?: string;
  badText: boolean;
}

function requestsOf(contract: (typeof contracts)[number]): FuzzRequest[] {
  const { doc, prefix, name } = contract;
  const out: FuzzRequest[] = [];
  for (const [template, item] of Object.entries<any>(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method];
      if (!op) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: any) => resolve(doc, p));
      const pathParams = params.filter((p: any) => p.in === 'path');
      const queryParams = params.filter((p: any) => p.in === 'query');
      const headerParams = params.filter((p: any) => p.in === 'header' && p.required);
      // the vendor API's people-only operations (the team, sessions) with an admin's console session, the rest with a key
      const auth: Record<string, string> =
        name === 'portal'
          ? { authorization: `ContactAccess ${portalToken}` }
          : name === 'vendor'
            ? op['x-session-only'] === true ? { ...consoleAdmin.headers } : { authorization: `Bearer ${vendorKey}` }
            : { authorization: `Bearer ${paymentsJwt}` };
      const headers: Record<string, string> = { ...auth };
      for (const h of headerParams) headers[h.name.toLowerCase()] = h.name.toLowerCase() === 'idempotency-key' ? randomUUID() : 'x';
      const pathValues = Object.fromEntries(pathParams.map((p: any) => [p.name, String(own[p.name] ?? sample(doc, p.schema ?? {}, p.name))]));
      const queryValues: Record<string, string> = Object.fromEntries(
        queryParams.filter((p: any) => p.required).map((p: any) => [p.name, String(own[p.name] ?? sample(doc, p.schema ?? {}, p.name))]),
      );
      const bodySchema = op.requestBody ? resolve(doc, op.requestBody)?.content?.['application/json']?.schema : undefined;
      const body = bodySchema ? sample(doc, bodySchema) : undefined;
      const fullBody = bodySchema ? sample(doc, bodySchema, '', 0, true) : undefined;
      const urlOf = (pv: Record<string, string>, qv: Record<string, string>) => {
        const query = new URLSearchParams(qv).toString();
        return prefix + template.replace(/\{(\w+)\}/g, (_m, n: string) => encodeURIComponent(pv[n]!)) + (query ? `?${query}` : '');
      };
      const base = { contract: name, operationId: op.operationId as string, method: method.toUpperCase(), headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) } };
      const id = `${name} ${op.operationId}`;
      // each string / number leaf of the body (with its required fields, and with every field), with each bad value
      for (const [shape, whole] of [['required', body], ['full', fullBody]] as const) {
        for (const leaf of leaves(whole)) {
          for (const bad of leaf.kind === 'string' ? BAD_STRINGS : BAD_NUMBERS) {
            out.push({
              ...base, label: `${id} ${shape} body ${fieldName(leaf.at)}=${JSON.stringify(bad).slice(0, 20)}`, url: urlOf(pathValues, queryValues),
              payload: replaced(whole, leaf.at, bad), field: fieldName(leaf.at), badText: typeof bad === 'string' && (bad.includes('\u0000') || /\p{Cs}/u.test(bad)),
            });
          }
        }
      }
      // each query parameter (required or not), with each bad string
      for (const p of queryParams) {
        for (const bad of BAD_STRINGS) {
          out.push({ ...base, label: `${id} query ${p.name}=${JSON.stringify(bad).slice(0, 20)}`, url: urlOf(pathValues, { ...queryValues, [p.name]: bad.replace(/\p{Cs}/gu, '\ufffd') }), payload: body, badText: false });
        }
      }
      // a body of a media type the operation does not take (a CSV where JSON is taken, or a body where none is): 415
      // (the import takes CSV: its bodies are the file import's own tests, tests/server/vendor-http-import.test.ts)
      if (!resolve(doc, op.requestBody ?? {})?.content?.['text/csv']) out.push({ ...base, label: `${id} text/csv body`, url: urlOf(pathValues, queryValues), headers: { ...headers, 'content-type': 'text/csv' }, payload: 'externalId,amount\nA-1,10\n', badText: false, expect415: true });
      // each path parameter: 5,000 characters, a year-0 date, a percent-encoded lone surrogate (CESU-8 bytes)
      for (const p of pathParams) {
        for (const bad of ['z'.repeat(5_000), '0000-01-01', '%ED%A0%80', '%00']) {
          const url = urlOf({ ...pathValues, [p.name]: '\u0001' }, queryValues).replace('%01', bad);
          out.push({ ...base, label: `${id} path ${p.name}=${bad.slice(0, 12)}`, url, payload: body, badText: false });
        }
      }
    }
  }
  return out;
}

/**
 * Tables whose rows every keyed request touches, refused or not — a key's last_used_at, a session's last_seen_at, the
 * rate-limit count: the request's own bookkeeping, not something it wrote — and the migrations' own.
 */
const BOOKKEEPING = ['vendor_api_keys', 'vendor_sessions', 'vendor_rate_counts', 'kysely_migration', 'kysely_migration_lock'];

/**
 * The fuzz's "did it write?": every row a committed transaction inserted, deleted or changed (its text, as PostgreSQL
 * prints it, differs) in any table but the bookkeeping, noted by triggers into `fuzz_writes` — in the same transaction,
 * so a write rolled back leaves no note. Triggers, not a digest of every table after each request: 60 table scans a
 * request would be most of the file's time.
 */
async function noteWrites(): Promise<void> {
  const { rows: tables } = await sql<{ tableName: string }>`select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(s.db);
  await sql`create table fuzz_writes (table_name text not null, operation text not null)`.execute(s.db);
  await sql`create function fuzz_note_write() returns trigger language plpgsql as $$
    begin insert into fuzz_writes values (TG_TABLE_NAME, TG_OP); return null; end $$`.execute(s.db);
  for (const { tableName } of tables) {
    if (BOOKKEEPING.includes(tableName)) continue;
    const table = sql.table(tableName);
    await sql`create trigger fuzz_insert_delete after insert or delete on ${table} for each row execute function fuzz_note_write()`.execute(s.db);
    await sql`create trigger fuzz_update after update on ${table} for each row when (old::text is distinct from new::text) execute function fuzz_note_write()`.execute(s.db);
    await sql`create trigger fuzz_truncate after truncate on ${table} for each statement execute function fuzz_note_write()`.execute(s.db);
  }
}

/** the tables written since the last call (and the notes cleared) */
async function takeWrites(): Promise<string[]> {
  const { rows } = await sql<{ tableName: string }>`delete from fuzz_writes returning table_name`.execute(s.db);
  return [...new Set(rows.map((r) => r.tableName))].sort();
}

beforeAll(async () => {
  // the fuzz is about validation: a quota it never reaches (its 2,000 requests would otherwise mostly answer 429)
  s = await startTestServer({ config: { vendorRateLimits: { read: 1_000_000_000, write: 1_000_000_000, outbound: 1_000_000_000 } } });
  portalToken = await s.token({});
  const key = await createApiKey(s.db, s.demo.vendors.pfg, 'fuzz');
  if (!key.ok) throw new Error('no key');
  vendorKey = key.value.secret;
  consoleAdmin = await signInPerson(s, s.demo.vendors.pfg, 'admin');
  own.keyId = key.value.key.id;
  own.vendorId = s.demo.vendors.pfg;
  own.locationId = s.demo.locations.blueHeron;
  own.contactId = s.demo.contactId;
  const first = async (table: string, where = sql`location_id = ${s.demo.locations.blueHeron}`) =>
    (await sql<{ id: string }>`select id::text as id from ${sql.table(table)} where ${where} limit 1`.execute(s.db)).rows[0]?.id ?? randomUUID();
  own.invoiceId = await first('invoices');
  own.paymentMethodId = await first('payment_methods');
  own.paymentGroupId = await first('payment_groups');
  own.autopayId = await first('autopays');
  own.planId = await first('payment_plans');
  own.requestId = await first('requests');
  own.campaignId = await first('reminder_campaigns');
  own.deliveryId = await first('statement_deliveries');
  own.eventId = await s.db.transaction().execute((trx) => recordEvent(trx, s.demo.vendors.pfg, 'reminder.added', { note: 'fuzz' }));
  own.externalId = (await s.db.selectFrom('invoices').select('externalId').where('locationId', '=', s.demo.locations.blueHeron).executeTakeFirstOrThrow()).externalId;
  const endpoint = await s.inject({ method: 'POST', url: '/vendor-api/webhook-endpoints', headers: { authorization: `Bearer ${vendorKey}` }, payload: { url: 'https://example.com/hooks' } });
  own.endpointId = endpoint.json().endpoint.id;
  own.id = own.invoiceId;
  const methods = await s.inject({ url: `/api/vendors/${own.vendorId}/locations/${own.locationId}/paymentmethods`, headers: s.auth(portalToken) });
  paymentsJwt = methods.json().paymentMethodsJwt;
});
afterAll(async () => {
  await s?.close();
});

describe('every operation of the three contracts, with bad values in every field', () => {
  it('no 5xx; a refused request writes nothing; a refused bad text or date names its field', async () => {
    const requests = contracts.flatMap(requestsOf);
    const errors: string[] = [];
    const writes: string[] = [];
    const unnamed: string[] = [];
    const undeclared = new Set<string>();
    const wrongMedia: string[] = [];
    await noteWrites();
    // the notes themselves: a committed change is noted, an update to the same values or a rolled-back change is not
    const touch = (trx: typeof s.db, change: boolean) =>
      sql`update invoices set updated_at = updated_at + ${change ? '1 millisecond' : '0 seconds'}::interval where id = ${own.invoiceId}`.execute(trx);
    await s.db.transaction().execute((trx) => touch(trx, true));
    expect(await takeWrites()).toContain('invoices');
    await s.db.transaction().execute((trx) => touch(trx, false));
    expect(await takeWrites()).not.toContain('invoices'); // (the lists' version still moves: invoices' own trigger)
    await s.db.transaction().execute(async (trx) => {
      await touch(trx, true);
      throw new Error('rolled back');
    }).catch(() => undefined);
    expect(await takeWrites()).toEqual([]);
    const byStatus: Record<number, number> = {};
    for (const r of requests) {
      const res = await s.inject({ method: r.method as 'GET', url: r.url, headers: r.headers, ...(r.payload !== undefined ? { payload: typeof r.payload === 'string' ? r.payload : JSON.stringify(r.payload) } : {}) });
      if (r.expect415 && res.statusCode !== 415) wrongMedia.push(`${r.label} → ${res.statusCode}`);
      byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 500) errors.push(`${r.label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      const json = String(res.headers['content-type'] ?? '').includes('json') && res.body.length > 0;
      if (json) {
        const problems = checkers[r.contract](r.operationId, res.statusCode, res.json());
        if (problems.length > 0) undeclared.add(`${r.contract} ${r.operationId} ${res.statusCode} ${res.json().errorCode ?? ''}: ${problems[0]}`);
      }
      const written = await takeWrites();
      if (res.statusCode >= 400 && written.length > 0) writes.push(`${r.label} → ${res.statusCode} wrote ${written.join(', ')}`);
      // (the payments service's error has no `field`: its message starts with the field, openapi/payments.yaml)
      const refusal = res.statusCode === 400 ? (res.json() as { field?: string; message?: string; errors?: Array<{ message: string }> }) : undefined;
      const message = refusal?.message ?? refusal?.errors?.[0]?.message ?? '';
      if (r.badText && r.field && refusal && refusal.field !== r.field && !message.startsWith(`${r.field}: `)) unnamed.push(`${r.label} → ${JSON.stringify(refusal)}`);
    }
    console.info(`fuzz: ${requests.length} requests over ${contracts.map((c) => c.name).join(', ')}; answers ${JSON.stringify(byStatus)}; 5xx ${errors.length}; refused requests that wrote ${writes.length}`);
    expect(errors).toEqual([]);
    expect(writes).toEqual([]);
    // every answer is one its contract lists on the operation (status, body, errorCode)
    expect([...undeclared]).toEqual([]);
    expect(wrongMedia).toEqual([]);
    expect(unnamed).toEqual([]);
    expect(requests.length).toBeGreaterThan(1_000);
  }, 600_000);
});
