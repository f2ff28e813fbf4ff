// @vitest-environment node
/**
 * What the Payment Report and Payment Detail screens read (`GET .../paymentgroups?onlyPending=false`,
 * `GET .../paymentgroups/{id}/payments`), and the report lists at scale: 5,000 invoices and 2,000 payment groups
 * at one location (figures printed, not asserted: the benchmark is `npm run bench:reports`).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesContract } from './helpers/contract.js';
import type { TestServer } from './helpers/app.js';
import { demoRequests, locPath, startDemoSession } from './helpers/demo-session.js';

let s: TestServer;
let token: string;
beforeAll(async () => ({ s, token } = await startDemoSession()));
afterAll(() => s?.close());
const { get } = demoRequests(() => ({ s, token }));

describe('Payment Report data', () => {
  it('every status (Scheduled / Completed / Canceled) and every source, each location sorted by payment date descending', async () => {
    const { vendors, locations } = s.demo;
    const paths = [
      locPath(vendors.pfg, locations.blueHeron),
      locPath(vendors.pfg, locations.harborStreet),
      locPath(vendors.pfg, locations.magnolia),
      locPath(vendors.coastal, locations.coastalBlueHeron),
    ];
    const statuses = new Set<string>();
    const sources = new Set<string>();
    for (const path of paths) {
      const res = await get(`${path}/paymentgroups?onlyPending=false`);
      expect(res.statusCode).toBe(200);
      expectMatchesContract('listPaymentGroups', 200, res.json());
      const groups = res.json().paymentGroups as any[];
      const dates = groups.map((g) => g.paymentDate);
      expect(dates).toEqual([...dates].sort().reverse());
      for (const g of groups) {
        statuses.add(g.status);
        sources.add(g.sourceType);
        // Confirmation, Paid (payment date), Amount, method
        expect(g.confirmationNumber).toMatch(/\S/);
        expect(g.paymentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(typeof g.paymentTotal).toBe('number');
        expect(g.paymentMethodName).toMatch(/\S/);
        expect(g.paymentMethodLastFour).toMatch(/^\d{4}$/);
      }
      const pending = await get(`${path}/paymentgroups?onlyPending=true`);
      expect(pending.json().paymentGroups.every((g: any) => g.status === 'scheduled')).toBe(true);
    }
    expect([...statuses].sort()).toEqual(['canceled', 'complete', 'scheduled']);
    expect([...sources].sort()).toEqual(['autopay', 'click2pay', 'message', 'paymentplan', 'portal']);
  });

  it('Payment Detail: the lines with invoice, due date and amount paid, and the method of the group', async () => {
    const path = locPath(s.demo.vendors.pfg, s.demo.locations.blueHeron);
    const list = (await get(`${path}/paymentgroups?onlyPending=false`)).json().paymentGroups as any[];
    const completed = list.find((g) => g.status === 'complete')!;
    const res = await get(`${path}/paymentgroups/${completed.id}/payments`);
    expect(res.statusCode).toBe(200);
    expectMatchesContract('getPaymentGroupPayments', 200, res.json());
    const { paymentGroup, payments } = res.json();
    expect(paymentGroup).toEqual(completed);
    expect(payments.length).toBeGreaterThan(0);
    for (const line of payments) {
      expect(line.invoiceDisplayInvNum).toMatch(/\S/);
      expect(line).toHaveProperty('invoiceDueDate');
      expect(typeof line.paidAmount).toBe('number');
    }
    const total = payments.reduce((sum: number, l: any) => sum + Math.round(l.paidAmount * 100), 0);
    // the total is the lines plus the card fee (if any): never less than the lines
    expect(Math.round(paymentGroup.paymentTotal * 100)).toBeGreaterThanOrEqual(total);
  });
});

describe('report lists at 5,000 invoices and 2,000 payment groups per location', () => {
  it('answers every invoice and every payment group in one call each, contract-valid', async () => {
    const vendorId = s.demo.vendors.pfg;
    const contactId = s.demo.contactId;
    const location = await s.db
      .insertInto('locations')
      .values({ vendorId, displayName: 'Scale Test Kitchen', address: null, createType: 'manual' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await s.db.insertInto('contactLocations').values({ contactId, vendorId, locationId: location.id }).execute();
    const method = await s.db
      .insertInto('paymentMethods')
      .values({ contactId, vendorId, locationId: location.id, provider: 'priority-ach', name: 'Scale Checking', lastFour: '1234', providerToken: 'tok_scale' })
      .returning('id')
      .executeTakeFirstOrThrow();

    const invoiceIds: string[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const rows = await s.db
        .insertInto('invoices')
        .values(
          Array.from({ length: 500 }, (_, k) => {
            const n = batch * 500 + k;
            const day = String((n % 28) + 1).padStart(2, '0');
            return {
              vendorId,
              locationId: location.id,
              externalId: `SCALE-${n}`,
              displayInvNum: `SC${String(n).padStart(6, '0')}`,
              openAmountCents: n % 3 === 0 ? 0 : 10_000 + n,
              originalAmountCents: 10_000 + n,
              dueDate: n % 50 === 0 ? null : `2026-${String((n % 12) + 1).padStart(2, '0')}-${day}`,
              invoiceDate: `2026-01-${day}`,
              externalInvoiceDate: null,
              poRefId: null,
              payable: n % 3 !== 0,
              deletedAt: n % 3 === 0 ? new Date('2026-02-01T00:00:00Z') : null,
              createType: 'ERP',
              externalUrl: null,
              status: n % 3 === 0 ? 'closed' : 'open',
            };
          }),
        )
        .returning('id')
        .execute();
      invoiceIds.push(...rows.map((r) => r.id));
    }
    for (let batch = 0; batch < 4; batch++) {
      const groups = await s.db
        .insertInto('paymentGroups')
        .values(
          Array.from({ length: 500 }, (_, k) => {
            const n = batch * 500 + k;
            return {
              vendorId,
              locationId: location.id,
              contactId,
              confirmationNumber: `PP-SCALE${n}`,
              paymentDate: `2025-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`,
              paymentTotalCents: 10_000 + n,
              paymentType: 'ACH' as const,
              status: (['scheduled', 'complete', 'canceled'] as const)[n % 3],
              sourceType: (['Portal', 'Click2Pay', 'Payment Plan', 'Autopay Plus', 'Message'] as const)[n % 5],
              paymentMethodId: method.id,
            };
          }),
        )
        .returning('id')
        .execute();
      await s.db
        .insertInto('payments')
        .values(groups.map((g, k) => ({ paymentGroupId: g.id, invoiceId: invoiceIds[batch * 500 + k], paidAmountCents: 10_000 })))
        .execute();
    }
    if (s.testDb.kind === 'postgres') await sql`analyze`.execute(s.db);
    const path = locPath(vendorId, location.id);

    const timed = async (url: string) => {
      const started = performance.now();
      const res = await get(url);
      return { res, ms: Math.round(performance.now() - started), bytes: res.rawPayload.length };
    };

    const invoices = await timed(`${path}/invoices?loadAll=true`);
    expect(invoices.res.statusCode).toBe(200);
    expect(invoices.res.json().locationInvoices).toHaveLength(5000);
    expectMatchesContract('listInvoices', 200, invoices.res.json());
    const open = await timed(`${path}/invoices`);
    expect(open.res.json().locationInvoices).toHaveLength(5000 - Math.ceil(5000 / 3));

    const groups = await timed(`${path}/paymentgroups?onlyPending=false`);
    expect(groups.res.statusCode).toBe(200);
    expect(groups.res.json().paymentGroups).toHaveLength(2000);
    expectMatchesContract('listPaymentGroups', 200, groups.res.json());
    const dates = groups.res.json().paymentGroups.map((g: any) => g.paymentDate);
    expect(dates).toEqual([...dates].sort().reverse());

    const journey = await timed(`${path}/invoices/${invoiceIds[4321]}/journey`);
    expect(journey.res.statusCode).toBe(200);
    const pdf = await timed(`${path}/invoices/${invoiceIds[4321]}/details`);
    expect(pdf.res.statusCode).toBe(200);

    const figures = { invoicesLoadAll: invoices, invoicesOpen: open, paymentGroups: groups, journey, pdf };
    console.log(
      `[reports scale, ${s.testDb.kind}] ` +
        Object.entries(figures)
          .map(([name, f]) => `${name}: ${f.ms} ms, ${Math.round(f.bytes / 1024)} KiB`)
          .join('; '),
    );
    if (s.testDb.kind === 'postgres') {
      const plan = await sql<{ 'QUERY PLAN': string }>`explain select g.id from payment_groups g where g.contact_id = ${contactId} and g.location_id = ${location.id} order by g.payment_date desc, g.created_at desc`.execute(s.db);
      console.log(`[reports scale] payment group list plan:\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  }, 120_000);
});
