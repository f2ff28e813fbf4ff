// @vitest-environment node
/**
 * The vendor API's reconciliation reads (openapi/vendor.yaml, tag reconciliation) as a vendor's books meet them: the
 * payment groups of the demo vendor — scheduled, complete and canceled — paged through the change feed once each, a
 * group that changes after the cursor coming again, `updatedSince`, the CSV export parsing back to the same numbers,
 * a card payment's fee and a partial payment made in the portal, and another vendor's groups never shown. On
 * PostgreSQL also: a change still being written when a page is read is not skipped once it commits.
 * Every JSON answer is checked against the contract. The portal's clock is pinned to Wednesday 2026-12-02.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import pg from 'pg';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { run as vendorCli } from '../../server/cli/vendor.js';
import { testConfig } from '../../server/config.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { issueToken } from '../../server/db/tokens.js';
import { paymentGroupHandlers } from '../../server/routes/paymentgroups.js';
import { DEMO_EPA } from '../../server/seed/demo.js';
import { paymentGroupFeed } from '../../server/use-cases/vendor-reconciliation.js';
import { expectMatchesVendorContract } from './helpers/contract.js';

const TODAY = Temporal.PlainDate.from('2026-12-02');
const MORNING = new Date('2026-12-02T15:00:00Z'); // 10:00 America/New_York, before the cut-off

let t: TestDb;
let app: FastifyInstance;
let keyA: string; // the demo vendor (Performance Foodservice – Carolina)
let keyB: string; // the other demo vendor (Coastal Produce Co.)

const demo = () => t.demo!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function cliKey(vendorId: string, name: string): Promise<string> {
  const lines: string[] = [];
  await vendorCli(t.db, ['keys', 'create', '--vendor', vendorId, '--name', name], (line) => lines.push(line));
  const secret = lines.find((l) => l.startsWith('ppk_'));
  if (!secret) throw new Error(`no key printed: ${lines.join('\n')}`);
  return secret;
}

async function call(operationId: string, url: string, key: string, payload?: unknown) {
  const res = await app.inject({
    method: payload === undefined ? 'GET' : 'POST',
    url: `/vendor-api${url}`,
    headers: { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const body = res.json();
  expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}

interface Line {
  invoiceId: string;
  invoiceExternalId: string;
  displayInvNum: string;
  paidAmount: number;
  reason: string | null;
  notes: string | null;
}
interface Group {
  id: string;
  confirmationNumber: string;
  status: string;
  source: string;
  paymentDate: string;
  paymentPlanId: string | null;
  subtotal: number;
  serviceFee: number;
  total: number;
  updatedAt: string;
  location: { id: string; externalId: string | null };
  contact: { id: string; externalId: string | null; name: string };
  method: { type: string; lastFour: string | null };
  lines: Line[];
  authorization: { kind: string; epaVersion: string; epaSha256: string; agreedAt: string; ipAddress: string | null; userAgent: string | null } | null;
}

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, String(v));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** Every page of the feed from `cursor` on, until `hasMore` is false. */
async function drain(key: string, params: { cursor?: string; limit?: number; updatedSince?: string; locationId?: string; status?: string; paymentDateFrom?: string; paymentDateTo?: string; methodType?: string; order?: string } = {}) {
  const groups: Group[] = [];
  let cursor = params.cursor;
  let pages = 0;
  for (;;) {
    const res = await call('listPaymentGroups', `/payment-groups${query({ ...params, cursor })}`, key);
    expect(res.status).toBe(200);
    pages += 1;
    groups.push(...res.body.paymentGroups);
    cursor = res.body.cursor ?? undefined;
    if (!res.body.hasMore) return { groups, cursor, pages };
    if (pages > 200) throw new Error('the feed does not end');
  }
}

async function vendorGroupIds(vendorId: string) {
  const rows = await t.db.selectFrom('paymentGroups').select(['id', 'status']).where('vendorId', '=', vendorId).execute();
  return rows;
}

const cents = (amount: number) => Math.round(amount * 100);

beforeAll(async () => {
  t = await createTestDb({ seed: true, today: TODAY });
  const config = testConfig();
  // the portal's payment handlers on the pinned clock (payment dates are checked against "today")
  app = await buildApp({ db: t.db, config, logger: false, handlers: paymentGroupHandlers({ db: t.db, config }, { now: () => MORNING }) });
  await app.ready();
  keyA = await cliKey(demo().vendors.pfg, 'Books');
  keyB = await cliKey(demo().vendors.coastal, 'Coastal books');
});
afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('the feed', () => {
  it('gives every payment group of the vendor once, in the order they changed, a small page at a time', async () => {
    const { groups, cursor, pages } = await drain(keyA, { limit: 2 });
    const expected = await vendorGroupIds(demo().vendors.pfg);
    expect(new Set(expected.map((g) => g.status))).toEqual(new Set(['scheduled', 'complete', 'canceled']));
    expect(groups.map((g) => g.id).sort()).toEqual(expected.map((g) => g.id).sort());
    expect(new Set(groups.map((g) => g.id)).size).toBe(groups.length);
    expect(pages).toBe(Math.ceil(expected.length / 2));
    const order = groups.map((g) => [g.updatedAt, g.id].join(' '));
    expect(order).toEqual([...order].sort());
    expect(cursor).toEqual(expect.any(String));

    // asked again from its cursor: nothing new, and the cursor stays where it was
    const again = await call('listPaymentGroups', `/payment-groups${query({ cursor })}`, keyA);
    expect(again.body).toEqual({ paymentGroups: [], cursor, hasMore: false });
  });

  it('shows what the books need of a group: status, source, method, amounts, and each line by the vendor’s invoice id', async () => {
    const { groups } = await drain(keyA, { limit: 1000 });
    const bySource = (source: string) => groups.filter((g) => g.source === source);
    expect(bySource('Autopay Plus').length).toBeGreaterThan(0);
    expect(bySource('Payment Plan').every((g) => g.paymentPlanId !== null)).toBe(true);
    expect(bySource('Payment Plan').length).toBeGreaterThan(0);
    for (const group of groups) {
      const row = await t.db
        .selectFrom('paymentGroups as g')
        .innerJoin('paymentMethods as pm', 'pm.id', 'g.paymentMethodId')
        .innerJoin('contacts as c', 'c.id', 'g.contactId')
        .select(['g.confirmationNumber', 'g.status', 'g.sourceType', 'g.paymentTotalCents', 'g.paymentType', 'pm.lastFour', 'g.locationId', 'g.contactId', 'c.firstName', 'c.lastName'])
        .where('g.id', '=', group.id)
        .executeTakeFirstOrThrow();
      expect(group).toMatchObject({
        confirmationNumber: row.confirmationNumber,
        status: row.status,
        source: row.sourceType,
        total: row.paymentTotalCents / 100,
        method: { type: row.paymentType, lastFour: row.lastFour },
        location: { id: row.locationId },
        contact: { id: row.contactId, name: `${row.firstName} ${row.lastName}` },
      });
      const lines = await t.db
        .selectFrom('payments as p')
        .innerJoin('invoices as i', 'i.id', 'p.invoiceId')
        .select(['i.id', 'i.externalId', 'i.displayInvNum', 'p.paidAmountCents'])
        .where('p.paymentGroupId', '=', group.id)
        .execute();
      expect(group.lines.map((l) => [l.invoiceId, l.invoiceExternalId, l.displayInvNum, cents(l.paidAmount)]).sort()).toEqual(
        lines.map((l) => [l.id, l.externalId, l.displayInvNum, l.paidAmountCents]).sort(),
      );
      // the demo's groups charge exactly their lines: no fee
      expect(group.serviceFee).toBe(0);
      expect(group.subtotal).toBe(group.total);
      expect(group.lines.every((l) => l.reason === null && l.notes === null)).toBe(true);
    }
    expect(groups.flatMap((g) => g.lines).every((l) => l.invoiceExternalId.startsWith('PFG-'))).toBe(true);
  });

  it('one group by id; a disputed and a partly paid line carry the customer’s reason and notes', async () => {
    const { groups } = await drain(keyB, { limit: 1000 });
    const message = groups.find((g) => g.source === 'Message')!;
    const one = await call('getPaymentGroup', `/payment-groups/${message.id}`, keyB);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(message);
    expect(one.body.lines).toHaveLength(2);
    expect(one.body.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ paidAmount: 0, reason: 'Damaged/Quality', notes: 'Two cases of romaine arrived wilted; the driver noted it on the delivery ticket.' }),
        expect.objectContaining({ paidAmount: 500, reason: 'Quantity/Weight Incorrect', notes: 'Invoiced 12 cases of Roma tomatoes, 9 delivered.' }),
      ]),
    );
    expect(one.body.subtotal).toBe(500);
  });

  it('a card payment the customer makes in the portal: its fee apart from the lines, a partial payment’s reason', async () => {
    const { cursor } = await drain(keyA);
    const visa = await t.db.selectFrom('paymentMethods').selectAll().where('locationId', '=', demo().locations.blueHeron).where('name', '=', 'Visa Business').executeTakeFirstOrThrow();
    const invoice = (num: string) => t.db.selectFrom('invoices').selectAll().where('displayInvNum', '=', num).executeTakeFirstOrThrow();
    const full = await invoice('INV4411540'); // 1390.25
    const part = await invoice('INV4411650'); // 356.20, 100.00 paid
    const token = await issueToken(t.db, { contactId: demo().contactId, type: 'login', ttlDays: 7 });
    const res = await app.inject({
      method: 'POST',
      url: `/api/vendors/${demo().vendors.pfg}/locations/${demo().locations.blueHeron}/paymentgroups`,
      headers: { authorization: `ContactAccess ${token}`, 'idempotency-key': randomUUID() },
      payload: {
        paymentMethodId: visa.id,
        paymentDate: '2026-12-04',
        partialPayments: [{ invoiceId: part.id, amount: '356.20', newAmount: 100, reason: 'Price Incorrect', notes: 'Contract price is lower.' }],
        invoices: [full.id, part.id],
        epaVersion: DEMO_EPA['plastiq-cc'].version,
      },
    });
    expect(res.statusCode).toBe(201);
    await sleep(5); // the feed holds back the current millisecond

    const next = await call('listPaymentGroups', `/payment-groups${query({ cursor })}`, keyA);
    expect(next.body.paymentGroups).toHaveLength(1);
    const group: Group = next.body.paymentGroups[0];
    // subtotal 1490.25; fee 2.9 % = 43.21725 → 43.22; total 1533.47
    expect(group).toMatchObject({
      id: res.json().paymentGroupId,
      status: 'scheduled',
      source: 'Portal',
      paymentDate: '2026-12-04',
      subtotal: 1490.25,
      serviceFee: 43.22,
      total: 1533.47,
      method: { type: 'CC', lastFour: '4821' },
    });
    expect(group.lines).toHaveLength(2);
    expect(group.lines).toEqual(
      expect.arrayContaining([
        { invoiceId: full.id, invoiceExternalId: full.externalId, displayInvNum: 'INV4411540', paidAmount: 1390.25, reason: null, notes: null },
        { invoiceId: part.id, invoiceExternalId: part.externalId, displayInvNum: 'INV4411650', paidAmount: 100, reason: 'Price Incorrect', notes: 'Contract price is lower.' },
      ]),
    );
    // what the customer agreed to for it: the card's terms, from where the request came (inject's defaults)
    expect(group.authorization).toMatchObject({ kind: 'payment', epaVersion: DEMO_EPA['plastiq-cc'].version, ipAddress: '127.0.0.1', userAgent: 'lightMyRequest' });
    expect(group.authorization?.epaSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('updatedSince: only the groups changed at or after that time', async () => {
    const { groups } = await drain(keyA, { limit: 1000 });
    const times = [...new Set(groups.map((g) => g.updatedAt))].sort();
    const middle = times[Math.floor(times.length / 2)];
    const since = await drain(keyA, { updatedSince: middle, limit: 3 });
    expect(since.groups.map((g) => g.id).sort()).toEqual(groups.filter((g) => g.updatedAt >= middle).map((g) => g.id).sort());
    expect(since.groups.length).toBeGreaterThan(0);
    expect(since.groups.length).toBeLessThan(groups.length);

    const future = await call('listPaymentGroups', `/payment-groups${query({ updatedSince: '2099-01-01T00:00:00Z' })}`, keyA);
    expect(future.body).toEqual({ paymentGroups: [], cursor: null, hasMore: false });
    const offset = await call('listPaymentGroups', `/payment-groups${query({ updatedSince: '2000-01-01T00:00:00+05:00', limit: 1000 })}`, keyA);
    expect(offset.body.paymentGroups).toHaveLength(groups.length);
  });

  it('a group that changes after the cursor comes again, with its new status; a write that changes nothing does not move it', async () => {
    const { cursor } = await drain(keyA);
    const scheduled = await t.db
      .selectFrom('paymentGroups as g')
      .innerJoin('payments as p', 'p.paymentGroupId', 'g.id')
      .innerJoin('invoices as i', 'i.id', 'p.invoiceId')
      .select(['g.id', 'g.locationId', 'i.externalId', 'i.displayInvNum', 'i.originalAmountCents'])
      .where('g.vendorId', '=', demo().vendors.pfg)
      .where('g.status', '=', 'scheduled')
      .where('g.sourceType', '=', 'Autopay Plus')
      .executeTakeFirstOrThrow();

    // a raw write of the same values: the group has not changed
    await t.db.updateTable('paymentGroups').set((eb) => ({ status: eb.ref('status') })).where('vendorId', '=', demo().vendors.pfg).execute();
    await sleep(5);
    expect((await call('listPaymentGroups', `/payment-groups${query({ cursor })}`, keyA)).body.paymentGroups).toEqual([]);

    // the vendor closes the invoice the group pays: the group is canceled (server/use-cases/vendor-batches.ts)
    await t.db.updateTable('locations').set({ externalId: 'BH' }).where('id', '=', scheduled.locationId).execute();
    const closed = await call('upsertInvoices', '/invoices/batch', keyA, {
      invoices: [{ externalId: scheduled.externalId, locationExternalId: 'BH', displayInvNum: scheduled.displayInvNum, originalAmount: scheduled.originalAmountCents / 100, openAmount: 0, status: 'closed' }],
    });
    expect(closed.status).toBe(200);
    await sleep(5);

    const next = await call('listPaymentGroups', `/payment-groups${query({ cursor })}`, keyA);
    expect(next.body.paymentGroups.map((g: Group) => [g.id, g.status, g.location.externalId])).toEqual([[scheduled.id, 'canceled', 'BH']]);
    expect(next.body.hasMore).toBe(false);
    expect(next.body.cursor).not.toBe(cursor);
    const after = await call('listPaymentGroups', `/payment-groups${query({ cursor: next.body.cursor })}`, keyA);
    expect(after.body.paymentGroups).toEqual([]);
  });

  it('locationId: only that location’s groups', async () => {
    const { groups } = await drain(keyA, { limit: 1000 });
    const at = await drain(keyA, { locationId: demo().locations.harborStreet, limit: 2 });
    expect(at.groups.map((g) => g.id).sort()).toEqual(groups.filter((g) => g.location.id === demo().locations.harborStreet).map((g) => g.id).sort());
    expect(at.groups.length).toBeGreaterThan(1);
  });

  it('filters by status, payment date and method type, and reads newest first (order=newest) without gaps or repeats', async () => {
    const { groups } = await drain(keyA, { limit: 1000 });
    const complete = await drain(keyA, { status: 'complete', limit: 3 });
    expect(complete.groups.map((g) => g.id).sort()).toEqual(groups.filter((g) => g.status === 'complete').map((g) => g.id).sort());
    expect(complete.groups.length).toBeGreaterThan(0);
    // several states: the parameter repeated
    const res = await call('listPaymentGroups', `/payment-groups?status=complete&status=scheduled&limit=1000`, keyA);
    expect(res.body.paymentGroups.map((g: Group) => g.id).sort()).toEqual(groups.filter((g) => ['complete', 'scheduled'].includes(g.status)).map((g) => g.id).sort());
    const dates = [...new Set(groups.map((g) => g.paymentDate))].sort();
    const [from, to] = [dates[1]!, dates[dates.length - 2]!];
    const between = await drain(keyA, { paymentDateFrom: from, paymentDateTo: to, limit: 1000 });
    expect(between.groups.map((g) => g.id).sort()).toEqual(groups.filter((g) => g.paymentDate >= from && g.paymentDate <= to).map((g) => g.id).sort());
    for (const type of ['CC', 'ACH']) {
      const byType = await drain(keyA, { methodType: type, limit: 1000 });
      expect(byType.groups.map((g) => g.id).sort()).toEqual(groups.filter((g) => g.method.type === type).map((g) => g.id).sort());
    }
    const newest = await drain(keyA, { order: 'newest', limit: 2 });
    expect(newest.groups.map((g) => g.id)).toEqual([...groups].reverse().map((g) => g.id));
    const backwards = await call('listPaymentGroups', `/payment-groups?paymentDateFrom=${to}&paymentDateTo=${from}`, keyA);
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ errorCode: 'validation_failed', field: 'paymentDateTo' });
  });

  it('a page ends before the group that would pass the line limit; a group is never split', async () => {
    const everything = (await drain(keyA, { limit: 1000 })).groups;
    expect(everything.some((g) => g.lines.length > 1)).toBe(true);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const answer = await paymentGroupFeed(t.db, demo().vendors.pfg, { cursor, limit: 1000, maxLines: 2 });
      if (!answer.ok) throw new Error(answer.refusal.message);
      const { groups, hasMore } = answer.value;
      const lines = groups.reduce((sum, g) => sum + Math.max(1, g.lines.length), 0);
      expect(groups.length === 1 || lines <= 2, `a page of ${lines} lines`).toBe(true);
      seen.push(...groups.map((g) => g.id));
      for (const g of groups) expect(g.lines.length).toBe(everything.find((e) => e.id === g.id)!.lines.length);
      cursor = answer.value.cursor ?? undefined;
      if (!hasMore) break;
    }
    expect(seen.sort()).toEqual(everything.map((g) => g.id).sort());
  });
});

describe('CSV', () => {
  async function csvPage(key: string, params: Record<string, string | number | undefined>) {
    const res = await app.inject({ url: `/vendor-api/payment-groups.csv${query(params)}`, headers: { authorization: `Bearer ${key}` } });
    return res;
  }

  it('one row per line, parsing back (papaparse) to the JSON feed’s numbers; fee and total on each group’s first row', async () => {
    const json = await drain(keyA, { limit: 1000 });
    const rows: Record<string, string>[] = [];
    let cursor: string | undefined;
    let files = 0;
    for (;;) {
      const res = await csvPage(keyA, { cursor, limit: 2 });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="payment-groups.csv"');
      const parsed = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      expect(parsed.meta.fields).toEqual([
        'paymentGroupId', 'confirmationNumber', 'status', 'paymentDate', 'source', 'methodType', 'methodLastFour',
        'locationId', 'locationExternalId', 'invoiceId', 'invoiceExternalId', 'displayInvNum', 'paidAmount', 'serviceFee',
        'total', 'reason', 'notes', 'updatedAt',
      ]);
      rows.push(...parsed.data);
      files += 1;
      cursor = res.headers.cursor as string;
      if (res.headers['has-more'] === 'false') break;
      expect(res.headers['has-more']).toBe('true');
      if (files > 100) throw new Error('the export does not end');
    }
    expect(files).toBeGreaterThan(1);
    expect(cursor).toBe(json.cursor); // the same position as the JSON feed's last page

    expect(new Set(rows.map((r) => r.paymentGroupId))).toEqual(new Set(json.groups.map((g) => g.id)));
    expect(rows).toHaveLength(json.groups.reduce((sum, g) => sum + g.lines.length, 0));
    for (const group of json.groups) {
      const own = rows.filter((r) => r.paymentGroupId === group.id);
      expect(own.map((r) => [r.invoiceId, r.invoiceExternalId, r.displayInvNum, Number(r.paidAmount), r.reason, r.notes])).toEqual(
        group.lines.map((l) => [l.invoiceId, l.invoiceExternalId, l.displayInvNum, l.paidAmount, l.reason ?? '', l.notes ?? '']),
      );
      expect(own.map((r) => [r.confirmationNumber, r.status, r.paymentDate, r.source, r.methodType, r.methodLastFour, r.updatedAt])).toEqual(
        own.map(() => [group.confirmationNumber, group.status, group.paymentDate, group.source, group.method.type, group.method.lastFour, group.updatedAt]),
      );
      expect(Number(own[0].serviceFee)).toBe(group.serviceFee);
      expect(Number(own[0].total)).toBe(group.total);
      expect(own.slice(1).every((r) => r.serviceFee === '' && r.total === '')).toBe(true);
      for (const r of own) expect(r.paidAmount).toMatch(/^-?\d+\.\d{2}$/);
    }
    // the columns sum to what was charged
    const sum = (values: string[]) => values.reduce((total, v) => total + (v === '' ? 0 : cents(Number(v))), 0);
    expect(sum(rows.map((r) => r.paidAmount)) + sum(rows.map((r) => r.serviceFee))).toBe(sum(rows.map((r) => r.total)));
    expect(sum(rows.map((r) => r.total))).toBe(json.groups.reduce((total, g) => total + cents(g.total), 0));
    expect(sum(rows.map((r) => r.serviceFee))).toBe(cents(43.22)); // the one card payment with a fee
  });

  it('takes the same filters, and a bad cursor is a 400 with the error shape', async () => {
    const res = await csvPage(keyA, { locationId: demo().locations.magnolia });
    const parsed = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true });
    expect(parsed.data.length).toBeGreaterThan(0);
    expect(parsed.data.every((r) => r.locationId === demo().locations.magnolia)).toBe(true);
    expect(parsed.data.map((r) => r.status)).toContain('canceled');

    const bad = await csvPage(keyA, { cursor: 'bm90LWEtY3Vyc29y' });
    expect(bad.statusCode).toBe(400);
    expectMatchesVendorContract('exportPaymentGroupsCsv', 400, bad.json());
    expect(bad.json()).toMatchObject({ errorCode: 'validation_failed', field: 'cursor' });
  });
});

describe('bad input', () => {
  it.each([
    ['a cursor this server did not make', { cursor: 'bm90LWEtY3Vyc29y' }, 'cursor'],
    ['a cursor with a character outside base64url', { cursor: 'abc=' }, 'cursor'],
    ['a time without its zone', { updatedSince: '2026-12-01T00:00:00' }, 'updatedSince'],
    ['a limit over 1,000', { limit: 1001 }, 'limit'],
  ])('%s: 400 validation_failed naming the field', async (_name, params, field) => {
    const res = await call('listPaymentGroups', `/payment-groups${query(params)}`, keyA);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'validation_failed', field });
  });
});

describe('tenancy: a key sees only its vendor’s groups', () => {
  it('another vendor’s group is not found, and no list or file of this vendor holds one', async () => {
    const pfg = await vendorGroupIds(demo().vendors.pfg);
    const coastal = await vendorGroupIds(demo().vendors.coastal);
    expect(coastal.length).toBeGreaterThan(0);
    for (const { id } of pfg.slice(0, 3)) {
      const res = await call('getPaymentGroup', `/payment-groups/${id}`, keyB);
      expect(res.status).toBe(404);
      expect(res.body.errorCode).toBe('not_found');
    }
    expect((await call('getPaymentGroup', `/payment-groups/${randomUUID()}`, keyA)).status).toBe(404);

    const listed = await drain(keyB, { limit: 1000 });
    expect(listed.groups.map((g) => g.id).sort()).toEqual(coastal.map((g) => g.id).sort());
    const atPfgLocation = await call('listPaymentGroups', `/payment-groups${query({ locationId: demo().locations.blueHeron })}`, keyB);
    expect(atPfgLocation.body.paymentGroups).toEqual([]);

    const file = await app.inject({ url: '/vendor-api/payment-groups.csv', headers: { authorization: `Bearer ${keyB}` } });
    for (const { id } of pfg) expect(file.body).not.toContain(id);

    // a cursor made from A's feed is only a position: with B's key it gives B's groups
    const { cursor } = await drain(keyA, { limit: 1 });
    const fromA = await call('listPaymentGroups', `/payment-groups${query({ cursor })}`, keyB);
    expect(fromA.body.paymentGroups.every((g: Group) => coastal.some((c) => c.id === g.id))).toBe(true);
  });
});

describe.runIf(process.env.DATABASE_URL)('a change still being written when a page is read (PostgreSQL)', () => {
  it('is not skipped: the page stops before it, and after the commit both it and later changes come', async () => {
    const { cursor } = await drain(keyA);
    const [first, second] = await t.db
      .selectFrom('paymentGroups')
      .select('id')
      .where('vendorId', '=', demo().vendors.pfg)
      .where('status', '=', 'complete')
      .orderBy('id')
      .limit(2)
      .execute();
    const writer = new pg.Client({ connectionString: t.databaseUrl });
    await writer.connect();
    try {
      await writer.query('begin');
      await writer.query(`update payment_groups set status = 'canceled' where id = $1`, [first.id]);
      await sleep(5);
      // a later change, committed at once: stamped after the open one
      await t.db.updateTable('paymentGroups').set({ status: 'canceled' }).where('id', '=', second.id).execute();
      await sleep(5);
      const during = await call('listPaymentGroups', `/payment-groups${query({ cursor })}`, keyA);
      expect(during.body.paymentGroups).toEqual([]);
      expect(during.body.cursor).toBe(cursor);
      await writer.query('commit');
    } finally {
      await writer.end();
    }
    await sleep(5);
    const afterCommit = await drain(keyA, { cursor });
    expect(afterCommit.groups.map((g) => [g.id, g.status])).toEqual([
      [first.id, 'canceled'],
      [second.id, 'canceled'],
    ]);
  });
});
