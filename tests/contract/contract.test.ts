// @vitest-environment node
/**
 * The contracts (openapi/portal.yaml, openapi/payments.yaml, openapi/vendor.yaml) are the source of truth for both sides.
 * These tests fail when:
 *  - the committed generated types (core/api/schema.d.ts, core/api/payments-schema.d.ts) are stale;
 *  - a call of §7 of either spec document is missing from the contract;
 *  - an operation lacks an operationId, a summary or one of the agreed tags;
 *  - a request body accepts unknown fields, or an error response does not use the Error schema;
 *  - a request value (parameter or body) is unbounded: a number without minimum and maximum, a string without
 *    maxLength (unless an enum, a const or a fixed-length format), an array without maxItems; or any number of the
 *    contract (responses too) lacks its bounds;
 *  - a schema cannot be compiled by ajv (the validator fastify-openapi-glue uses);
 *  - Redocly CLI's recommended lint reports an error.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import Fastify from 'fastify';
import openapiGlue from 'fastify-openapi-glue';

const root = resolve(import.meta.dirname, '../..');
const portalFile = resolve(root, 'openapi/portal.yaml');
const paymentsFile = resolve(root, 'openapi/payments.yaml');
const vendorFile = resolve(root, 'openapi/vendor.yaml');

type Json = Record<string, any>;
const portal: Json = parse(readFileSync(portalFile, 'utf8'));
const payments: Json = parse(readFileSync(paymentsFile, 'utf8'));
const vendor: Json = parse(readFileSync(vendorFile, 'utf8'));

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const L = '/vendors/{vendorId}/locations/{locationId}';

interface Call {
  doc: 'portal' | 'payments';
  method: (typeof METHODS)[number];
  path: string;
  /** query parameters the spec names for this call */
  query?: string[];
  /** where the call comes from */
  source: string;
}

/** Every call of §7 of portal-core.md and portal-recurring.md (both tables), plus the decided "not shown" calls. */
const SPEC_CALLS: Call[] = [
  // portal-core.md §7
  { doc: 'portal', method: 'post', path: '/letmein', source: 'core §7' },
  { doc: 'portal', method: 'get', path: '/requests', source: 'core §7' },
  { doc: 'portal', method: 'get', path: `${L}/requests/{requestId}`, source: 'core §7' },
  { doc: 'portal', method: 'get', path: `${L}/requests`, query: ['requestType'], source: 'core §7' },
  { doc: 'portal', method: 'get', path: '/vendors', source: 'core §7' },
  { doc: 'portal', method: 'get', path: '/vendors/{vendorId}/locations', source: 'core §7' },
  { doc: 'portal', method: 'get', path: `${L}/invoices`, query: ['loadAll', 'type', 'invoiceId', 'filters'], source: 'core §7' },
  { doc: 'portal', method: 'get', path: `${L}/invoices/{invoiceId}/journey`, source: 'core §7' },
  { doc: 'portal', method: 'get', path: `${L}/invoices/{invoiceId}/details`, source: 'core §7 + recurring §7' },
  { doc: 'portal', method: 'get', path: `${L}/qbopdf/{externalId}`, source: 'core §7 + recurring §7' },
  { doc: 'portal', method: 'get', path: `${L}/paymentmethods`, query: ['createClientFlow'], source: 'core §7' },
  { doc: 'portal', method: 'post', path: `${L}/paymentmethods`, source: 'core §7' },
  { doc: 'portal', method: 'delete', path: `${L}/paymentmethods/{paymentMethodId}`, source: 'core §7' },
  { doc: 'payments', method: 'post', path: '/tokenizer', source: 'core §7 (payments service)' },
  // issue 20 (card service fee rules): the card's funding by its BIN, before the "Add … Card?" modal
  { doc: 'payments', method: 'get', path: '/card-bins/{bin}', query: ['provider'], source: 'issue 20 (card fee rules)' },
  { doc: 'portal', method: 'post', path: `${L}/paymentgroups`, source: 'core §7' },
  { doc: 'portal', method: 'get', path: `${L}/paymentgroups`, query: ['onlyPending'], source: 'core §7' },
  { doc: 'portal', method: 'get', path: `${L}/paymentgroups/{paymentGroupId}/payments`, source: 'core §7 + recurring §7' },
  { doc: 'portal', method: 'get', path: `${L}/payments`, query: ['paymentMethodId'], source: 'core §7 + recurring §7' },
  { doc: 'portal', method: 'post', path: `${L}/visits`, source: 'core §7' },
  { doc: 'portal', method: 'post', path: `${L}/messages`, source: 'core §7 + recurring §7' },
  { doc: 'portal', method: 'patch', path: '/vendors/{vendorId}/messages', source: 'core §7 + recurring §7' },
  { doc: 'portal', method: 'get', path: '/config', query: ['key'], source: 'core §7 + recurring §7' },
  { doc: 'portal', method: 'get', path: '/vendors/{vendorId}/announcements', source: 'core §7 + recurring §7' },
  { doc: 'portal', method: 'get', path: '/announcements', source: 'core §7 + recurring §7' },
  // "not shown" in core §7, decided in docs/decisions.md
  { doc: 'portal', method: 'get', path: '/tokens/current', source: 'core §7 token-info call (decision)' },
  // portal-recurring.md §7
  { doc: 'portal', method: 'post', path: `${L}/autopays`, source: 'recurring §7' },
  { doc: 'portal', method: 'post', path: `${L}/autopay/{autopayId}`, source: 'recurring §7' },
  { doc: 'portal', method: 'patch', path: `${L}/autopay/{autopayId}`, source: 'recurring §7' },
  { doc: 'portal', method: 'get', path: `${L}/autopay`, source: 'recurring §7' },
  { doc: 'portal', method: 'delete', path: `${L}/autopays/{autopayId}`, source: 'recurring §7' },
  { doc: 'portal', method: 'get', path: `${L}/paymentplans`, source: 'recurring §7' },
  { doc: 'portal', method: 'patch', path: `${L}/paymentplans/{planId}`, source: 'recurring §7' },
  { doc: 'portal', method: 'post', path: '/paymentplans', source: 'recurring §7' },
  { doc: 'portal', method: 'get', path: `${L}/statementdelivery`, source: 'recurring §7' },
  { doc: 'portal', method: 'post', path: `${L}/statementdelivery`, source: 'recurring §7' },
  { doc: 'portal', method: 'delete', path: `${L}/statementdelivery/{deliveryId}`, source: 'recurring §7' },
  { doc: 'portal', method: 'patch', path: `${L}/statementrequest`, source: 'recurring §7' },
  { doc: 'portal', method: 'get', path: '/vendors/{vendorId}/advertisements', source: 'recurring §7' },
  { doc: 'portal', method: 'post', path: '/vendors/{vendorId}/advertisements/{fileId}/impressions', source: 'recurring §7' },
  { doc: 'portal', method: 'post', path: '/vendors/{vendorId}/advertisements/{fileId}/clicks', source: 'recurring §7' },
  { doc: 'portal', method: 'get', path: `${L}/campaigns`, source: 'recurring §7' },
  { doc: 'portal', method: 'post', path: `${L}/campaigns`, source: 'recurring §7' },
  { doc: 'portal', method: 'delete', path: `${L}/campaigns/{campaignId}`, source: 'recurring §7' },
  { doc: 'portal', method: 'get', path: `${L}/messages`, query: ['onlyMostRecent', 'contactNotRead'], source: 'recurring §7' },
  { doc: 'portal', method: 'get', path: `${L}/templatemessages`, query: ['messageId'], source: 'recurring §7' },
  { doc: 'portal', method: 'post', path: `${L}/journeys`, source: 'recurring §7' },
  // micro-deposit verification (core §4: pending until micro-deposits are verified)
  { doc: 'portal', method: 'post', path: `${L}/paymentmethods/{paymentMethodId}/verify`, source: 'core §4 (decision)' },
  // ── statement page data and documents (recurring §2.4, decision) ──
  { doc: 'portal', method: 'get', path: `${L}/statement`, source: 'recurring §2.4 (decision)' },
  { doc: 'portal', method: 'get', path: `${L}/statement.csv`, source: 'recurring §2.4 CSV (decision)' },
  { doc: 'portal', method: 'get', path: `${L}/statement.pdf`, source: 'recurring §2.4 statement PDF (decision)' },
  // ── remit + replay ── the remit slip as a server PDF (recurring §2.7 "Download PDF", decision)
  { doc: 'portal', method: 'post', path: `${L}/remit/pdf`, source: 'recurring §2.7 (decision)' },
  // ── receipts (issue 20: a PDF copy of each payment's receipt, downloadable from the payment detail; decision) ──
  { doc: 'portal', method: 'get', path: `${L}/paymentgroups/{paymentGroupId}/receipt.pdf`, source: 'issue 20 receipts (decision)' },
];

const TAGS = [
  'access', 'vendors', 'locations', 'requests', 'config', 'announcements', 'invoices', 'paymentmethods',
  'paymentgroups', 'payments', 'autopay', 'paymentplans', 'statements', 'campaigns', 'messages',
  'templatemessages', 'advertisements', 'journeys', 'visits',
];

interface Operation {
  doc: Json;
  docName: string;
  method: string;
  path: string;
  op: Json;
}

function operations(doc: Json, docName: string): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      if (item[method]) out.push({ doc, docName, method, path, op: item[method] });
    }
  }
  return out;
}

const allOps = [...operations(portal, 'portal'), ...operations(payments, 'payments'), ...operations(vendor, 'vendor')];

function deref(doc: Json, node: Json): Json {
  let n = node;
  while (n && typeof n.$ref === 'string') {
    const parts = n.$ref.replace(/^#\//, '').split('/');
    n = parts.reduce((acc: Json, key: string) => acc?.[key], doc);
  }
  return n;
}

/** Paths (in the schema tree) of every object schema that does not close itself with additionalProperties: false. */
function openObjects(doc: Json, schema: Json, where: string, seen = new Set<Json>()): string[] {
  const s = deref(doc, schema);
  if (!s || typeof s !== 'object' || seen.has(s)) return [];
  seen.add(s);
  const found: string[] = [];
  const isObject = s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object')) || s.properties;
  if (isObject && s.additionalProperties !== false) found.push(where);
  for (const [key, sub] of Object.entries<Json>(s.properties ?? {})) found.push(...openObjects(doc, sub, `${where}.${key}`, seen));
  if (s.items) found.push(...openObjects(doc, s.items, `${where}[]`, seen));
  for (const k of ['oneOf', 'anyOf', 'allOf'] as const) {
    (s[k] ?? []).forEach((sub: Json, i: number) => found.push(...openObjects(doc, sub, `${where}<${k}${i}>`, seen)));
  }
  return found;
}

/** Formats whose ajv check bounds the length (uuid: 36 characters, date: 10). */
const BOUNDED_FORMATS = new Set(['uuid', 'date']);

/**
 * Every number without a minimum and a maximum, string without maxLength, array without maxItems in a schema tree
 * (with the path to it). Enums and consts are bounded by their values.
 */
function unbounded(doc: Json, schema: Json, where: string, seen = new Set<Json>()): string[] {
  const s = deref(doc, schema);
  if (!s || typeof s !== 'object' || seen.has(s)) return [];
  const inner = new Set(seen).add(s);
  const found: string[] = [];
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const fixed = s.enum !== undefined || s.const !== undefined;
  if (!fixed && (types.includes('number') || types.includes('integer'))) {
    if (s.minimum === undefined && s.exclusiveMinimum === undefined) found.push(`${where}: number without minimum`);
    if (s.maximum === undefined && s.exclusiveMaximum === undefined) found.push(`${where}: number without maximum`);
  }
  if (!fixed && types.includes('string') && s.maxLength === undefined && !BOUNDED_FORMATS.has(s.format)) found.push(`${where}: string without maxLength`);
  if (types.includes('array') && s.maxItems === undefined) found.push(`${where}: array without maxItems`);
  for (const [key, sub] of Object.entries<Json>(s.properties ?? {})) found.push(...unbounded(doc, sub, `${where}.${key}`, inner));
  if (s.items) found.push(...unbounded(doc, s.items, `${where}[]`, inner));
  if (s.additionalProperties && typeof s.additionalProperties === 'object') found.push(...unbounded(doc, s.additionalProperties, `${where}{}`, inner));
  for (const k of ['oneOf', 'anyOf', 'allOf'] as const) {
    (s[k] ?? []).forEach((sub: Json, i: number) => found.push(...unbounded(doc, sub, `${where}<${k}${i}>`, inner)));
  }
  return found;
}

/** The unbounded values of every operation's parameters and request bodies. */
function unboundedRequests(ops: Operation[]): string[] {
  const found: string[] = [];
  for (const o of ops) {
    const params = [...(o.doc.paths[o.path].parameters ?? []), ...(o.op.parameters ?? [])].map((p: Json) => deref(o.doc, p));
    for (const p of params) found.push(...unbounded(o.doc, p.schema ?? {}, `${o.docName} ${o.op.operationId}: ${p.in} ${p.name}`));
    const content = deref(o.doc, o.op.requestBody ?? {})?.content ?? {};
    for (const [media, m] of Object.entries<Json>(content)) found.push(...unbounded(o.doc, m.schema ?? {}, `${o.docName} ${o.op.operationId}: body (${media})`));
  }
  return found;
}

async function generate(file: string): Promise<string> {
  // Same as the CLI (`openapi-typescript <file> -o <out>`): COMMENT_HEADER + astToString(openapiTS(...)).
  return `${COMMENT_HEADER}${astToString(await openapiTS(pathToFileURL(file), { silent: true }))}`;
}

describe('generated types', () => {
  it.each([
    ['openapi/portal.yaml', 'core/api/schema.d.ts'],
    ['openapi/payments.yaml', 'core/api/payments-schema.d.ts'],
    ['openapi/vendor.yaml', 'core/api/vendor-schema.d.ts'],
  ])('%s → %s is up to date (run `npm run gen:api`)', async (input, output) => {
    const fresh = await generate(resolve(root, input));
    const committed = readFileSync(resolve(root, output), 'utf8');
    expect(committed === fresh, `${output} is stale: run \`npm run gen:api\``).toBe(true);
  });
});

describe('coverage of §7 (both spec documents)', () => {
  it.each(SPEC_CALLS.map((c) => [`${c.method.toUpperCase()} ${c.path}`, c] as const))('%s', (_name, call) => {
    const doc = call.doc === 'portal' ? portal : payments;
    const op = doc.paths?.[call.path]?.[call.method];
    expect(op, `${call.source}: ${call.method.toUpperCase()} ${call.path} missing from openapi/${call.doc}.yaml`).toBeTruthy();
    const params = [...(doc.paths[call.path].parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => deref(doc, p));
    const query = params.filter((p: Json) => p.in === 'query').map((p: Json) => p.name);
    for (const q of call.query ?? []) expect(query, `${call.path} lacks query parameter ${q}`).toContain(q);
    // every path template parameter is declared
    for (const m of call.path.matchAll(/\{(\w+)\}/g)) {
      expect(params.some((p: Json) => p.in === 'path' && p.name === m[1]), `${call.path}: path parameter ${m[1]}`).toBe(true);
    }
  });

  it('the contract has no operation outside that list (keep the table in step with the contract)', () => {
    const listed = new Set(SPEC_CALLS.map((c) => `${c.doc} ${c.method} ${c.path}`));
    const extra = allOps.filter((o) => o.docName !== 'vendor').map((o) => `${o.docName} ${o.method} ${o.path}`).filter((k) => !listed.has(k));
    expect(extra).toEqual([]);
  });
});

describe('operations', () => {
  it('have unique operationIds, a summary and exactly one agreed tag', () => {
    const ids = allOps.map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    // unique within each document (the portal's and the vendor API's are separate APIs: both have a getVendor)
    const perDocument = allOps.map((o) => `${o.docName} ${o.op.operationId}`);
    expect(new Set(perDocument).size).toBe(perDocument.length);
    for (const o of allOps) {
      expect(o.op.summary, `${o.method} ${o.path} summary`).toBeTruthy();
      expect(o.op.tags, `${o.method} ${o.path} tags`).toHaveLength(1);
      if (o.docName === 'portal') expect(TAGS, `${o.method} ${o.path}`).toContain(o.op.tags[0]);
      if (o.docName === 'vendor') expect(vendor.tags.map((t: Json) => t.name), `${o.method} ${o.path}`).toContain(o.op.tags[0]);
    }
    expect(portal.tags.map((t: Json) => t.name).sort()).toEqual([...TAGS].sort());
  });

  it('close every request body (unknown fields are rejected)', () => {
    const open: string[] = [];
    for (const o of allOps) {
      const content = deref(o.doc, o.op.requestBody ?? {})?.content ?? {};
      for (const media of Object.values<Json>(content)) {
        open.push(...openObjects(o.doc, media.schema, `${o.op.operationId}:body`));
      }
    }
    expect(open).toEqual([]);
  });

  it('bound every request value: numbers (minimum and maximum), strings (maxLength), arrays (maxItems)', () => {
    expect(unboundedRequests(allOps)).toEqual([]);
  });

  it('finds an unbounded request value (the check above can fail)', () => {
    const doc: Json = JSON.parse(JSON.stringify(portal));
    delete doc.components.schemas.Amount.maximum;
    delete doc.components.schemas.RemitPdfRequest.properties.comments.maxLength;
    delete doc.components.schemas.RemitPdfRequest.properties.invoices.maxItems;
    const found = unboundedRequests(operations(doc, 'portal'));
    expect(found).toEqual(expect.arrayContaining([
      'portal getRemitPdf: body (application/json).invoices: array without maxItems',
      'portal getRemitPdf: body (application/json).invoices[].amount: number without maximum',
      'portal getRemitPdf: body (application/json).lines[].amount<anyOf0>: number without maximum',
      'portal getRemitPdf: body (application/json).comments: string without maxLength',
    ]));
  });

  it('give every number of the contract (answers too) a minimum and a maximum, as its description says', () => {
    const found: string[] = [];
    const visit = (node: unknown, where: string) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${where}/${i}`));
      const n = node as Json;
      const types: unknown[] = Array.isArray(n.type) ? n.type : [n.type];
      if ((types.includes('number') || types.includes('integer')) && (n.minimum === undefined || n.maximum === undefined)) found.push(where);
      for (const [key, sub] of Object.entries(n)) visit(sub, `${where}/${key}`);
    };
    visit(portal, 'portal');
    visit(payments, 'payments');
    visit(vendor, 'vendor');
    expect(portal.info.description).toContain('Every number has a `minimum` and a `maximum`.');
    expect(found).toEqual([]);
  });

  it('answer every portal 4xx/5xx with the Error schema, and declare 4xx answers', () => {
    for (const o of operations(portal, 'portal')) {
      const codes = Object.keys(o.op.responses);
      expect(codes.some((c) => c.startsWith('2')), `${o.op.operationId} 2xx`).toBe(true);
      expect(codes.some((c) => c.startsWith('4')), `${o.op.operationId} 4xx`).toBe(true);
      for (const code of codes.filter((c) => /^[45]/.test(c))) {
        const res = deref(portal, o.op.responses[code]);
        expect(res.content['application/json'].schema.$ref, `${o.op.operationId} ${code}`).toBe('#/components/schemas/Error');
      }
      const secured = (o.op.security ?? portal.security).length > 0;
      if (secured) expect(codes, `${o.op.operationId} needs 401`).toContain('401');
    }
  });

  it('makes only POST /letmein public, and requires Idempotency-Key on payment submission', () => {
    const publicOps = operations(portal, 'portal').filter((o) => (o.op.security ?? portal.security).length === 0);
    expect(publicOps.map((o) => o.op.operationId)).toEqual(['requestLoginLink']);
    expect(portal.components.securitySchemes.ContactAccess).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    const pay = portal.paths[`${L}/paymentgroups`].post;
    const key = pay.parameters.find((p: Json) => p.name === 'Idempotency-Key');
    expect(key).toMatchObject({ in: 'header', required: true });
    expect(pay.description).toContain('idempotency_conflict');
    expect(payments.components.securitySchemes.paymentMethodsJwt).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

describe('schemas compile and behave under ajv (the server validator)', () => {
  const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  const asDefs = (doc: Json, id: string) =>
    JSON.parse(JSON.stringify({ $id: id, definitions: doc.components.schemas }).replaceAll('#/components/schemas/', '#/definitions/'));
  ajv.addSchema(asDefs(portal, 'portal'));
  ajv.addSchema(asDefs(payments, 'payments'));
  ajv.addSchema(asDefs(vendor, 'vendor'));
  const validator = (doc: string, name: string) => {
    const v = ajv.getSchema(`${doc}#/definitions/${name}`);
    if (!v) throw new Error(`no schema ${doc}/${name}`);
    return v;
  };

  it('compiles every component schema', () => {
    for (const name of Object.keys(portal.components.schemas)) expect(() => validator('portal', name)).not.toThrow();
    for (const name of Object.keys(payments.components.schemas)) expect(() => validator('payments', name)).not.toThrow();
    for (const name of Object.keys(vendor.components.schemas)) expect(() => validator('vendor', name)).not.toThrow();
  });

  it('accepts a well-formed body and rejects an unknown field, a bad uuid and a bad date', () => {
    const v = validator('portal', 'CreatePaymentGroupRequest');
    const id = '3f1c2a9e-8b7d-4c6e-9a5b-1d2e3f4a5b6c';
    const ok = {
      paymentMethodId: id,
      paymentDate: '2026-12-01',
      partialPayments: [{ invoiceId: id, amount: '125.40', newAmount: 0, reason: 'Refused', notes: 'pallet broken' }],
      invoices: [id],
      epaVersion: '3',
    };
    expect(v(ok)).toBe(true);
    expect(v({ ...ok, surprise: 1 })).toBe(false);
    expect(v({ ...ok, paymentMethodId: 'nope' })).toBe(false);
    expect(v({ ...ok, paymentDate: '12/01/2026' })).toBe(false);
    expect(validator('portal', 'LetMeInRequest')({ contact: 'demo@example.com' })).toBe(true);
    expect(validator('portal', 'LetMeInRequest')({ contact: 'demo@example.com', admin: true })).toBe(false);
  });

  it('describes token info with "" for a login token', () => {
    const v = validator('portal', 'TokenInfo');
    expect(v({ id: '', type: 'login', status: 'active', vendorId: '', locationId: '' })).toBe(true);
    expect(v({ id: 'x', type: 'login', status: 'active', vendorId: '', locationId: '' })).toBe(false);
    expect(v({ id: '', type: 'login', status: 'expired', vendorId: '', locationId: '' })).toBe(false);
  });

  it('tells cards from bank accounts in the tokenizer body', () => {
    const v = validator('payments', 'TokenizeRequest');
    const card = {
      type: 'CC', provider: 'plastiq-cc', nameOnCard: 'Dana Reyes', ccNumber: '4242424242424242', expDate: '12/29',
      cvc: '123', addressLine1: '12 Market St', zipCode: '60601',
    };
    const bank = { type: 'ACH', provider: 'direct-ach', name: 'Operating', bankRoutingNumber: '021000021', checkingAccountNumber: '000123456789' };
    expect(v(card)).toBe(true);
    expect(v(bank)).toBe(true);
    expect(v({ ...card, type: 'ACH' })).toBe(false);
    expect(v({ ...bank, ccNumber: '4242424242424242' })).toBe(false);
  });

  const announcementsFile = resolve(root, 'public/static/announcements.json');
  it.skipIf(!existsSync(announcementsFile))('the public announcements file has the AnnouncementList shape', () => {
    const v = validator('portal', 'AnnouncementList');
    const ok = v(JSON.parse(readFileSync(announcementsFile, 'utf8')));
    expect(ok, JSON.stringify(v.errors)).toBe(true);
  });
});

describe('fastify-openapi-glue (how the server loads the contract)', () => {
  it('builds a validated route for every operation of both documents', async () => {
    for (const [file, prefix, doc] of [
      [portalFile, '/api', portal],
      [paymentsFile, '/payments-api', payments],
      [vendorFile, '/vendor-api', vendor],
    ] as const) {
      const app = Fastify({ ajv: { customOptions: { removeAdditional: false } } });
      app.setErrorHandler((error: any, _req, reply) => {
        reply.code(error.statusCode ?? 500).send({ errorCode: error.validation ? 'validation_failed' : 'error', message: error.message });
      });
      const serviceHandlers: Record<string, (req: any, reply: any) => Promise<unknown>> = {};
      for (const o of operations(doc, 'doc')) {
        serviceHandlers[o.op.operationId] = async (_req, reply) => reply.code(501).send({ errorCode: 'not_implemented', message: o.op.operationId });
      }
      const securityHandlers = Object.fromEntries(
        Object.keys(doc.components.securitySchemes).map((name) => [name, async () => undefined]),
      );
      await app.register(openapiGlue, { specification: file, serviceHandlers, securityHandlers, prefix });
      await app.ready();
      for (const o of operations(doc, 'doc')) {
        const url = prefix + o.path.replace(/\{\w+\}/g, ':x');
        expect(app.hasRoute({ method: o.method.toUpperCase() as any, url }), `${o.method} ${url}`).toBe(true);
      }
      expect(app.hasRoute({ method: 'GET', url: `${prefix}/no-such-path/:x` })).toBe(false);
      if (doc === portal) {
        const res = await app.inject({ method: 'POST', url: '/api/letmein', payload: { contact: 'demo@example.com', extra: 1 } });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ errorCode: 'validation_failed' });
        const bad = await app.inject({ method: 'GET', url: '/api/vendors/not-a-uuid/locations' });
        expect(bad.statusCode).toBe(400);
      }
      await app.close();
    }
  });
});

describe('redocly lint (recommended ruleset)', () => {
  it.each(['openapi/portal.yaml', 'openapi/payments.yaml', 'openapi/vendor.yaml'])('reports zero errors for %s', (file) => {
    const bin = resolve(root, 'node_modules/.bin/redocly');
    // One document per run: with several, --format=json prints one report per document.
    const run = spawnSync(bin, ['lint', file, '--format=json'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      timeout: 120_000,
    });
    const start = run.stdout.indexOf('{');
    expect(start, `redocly printed no JSON:\n${run.stdout}\n${run.stderr}`).toBeGreaterThanOrEqual(0);
    const report = JSON.parse(run.stdout.slice(start));
    const errors = (report.problems ?? []).filter((p: Json) => p.severity === 'error');
    expect(errors.map((p: Json) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(run.status).toBe(0);
  }, 120_000);
});
