// @vitest-environment node
/** The demo data: what a demo user (and the other features' tests) rely on being there. */
import { parseRichContent } from '../../core/rules/rich-content-format.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import {
  DEMO_EMAIL,
  DEMO_PHONE,
  OTHER_CONTACT_EMAIL,
  VENDOR_COASTAL,
  VENDOR_PFG,
  resetAndSeed,
  seedIfEmpty,
} from '../../server/seed/demo.js';
import { bankHolidays } from '../../core/rules/holidays.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';

const TODAY = Temporal.PlainDate.from('2026-03-10');

const backends = [
  { name: 'PGlite', databaseUrl: '' },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', databaseUrl: process.env.DATABASE_URL }] : []),
];

describe.each(backends)('demo data on $name', ({ databaseUrl }) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ databaseUrl, seed: true, today: TODAY });
  });
  afterAll(async () => {
    await t?.drop();
  });

  const demoContact = () =>
    t.db.selectFrom('contacts').selectAll().where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();

  it('has one demo contact, Dana Whitfield, found by e-mail and by the digits of (555) 010-2030', async () => {
    const byEmail = await t.db.selectFrom('contacts').selectAll().where('email', '=', DEMO_EMAIL).execute();
    const byPhone = await t.db.selectFrom('contacts').selectAll().where('phone', '=', DEMO_PHONE).execute();
    expect(byEmail).toHaveLength(1);
    expect(byPhone.map((c) => c.id)).toEqual([byEmail[0].id]);
    expect(byEmail[0]).toMatchObject({ firstName: 'Dana', lastName: 'Whitfield', phone: '5550102030' });
  });

  it('gives the demo contact two vendors: one with three locations, one with one', async () => {
    const contact = await demoContact();
    const rows = await t.db
      .selectFrom('contactLocations as cl')
      .innerJoin('vendors as v', 'v.id', 'cl.vendorId')
      .innerJoin('locations as l', 'l.id', 'cl.locationId')
      .select(['v.name as vendor', 'l.displayName as location'])
      .where('cl.contactId', '=', contact.id)
      .execute();
    const byVendor = new Map<string, string[]>();
    for (const r of rows) byVendor.set(r.vendor, [...(byVendor.get(r.vendor) ?? []), r.location]);
    expect([...byVendor.keys()].sort()).toEqual([VENDOR_COASTAL, VENDOR_PFG].sort());
    expect(byVendor.get(VENDOR_PFG)!.sort()).toEqual(['Blue Heron Grill', 'Harbor Street Kitchen', 'Magnolia Catering']);
    expect(byVendor.get(VENDOR_COASTAL)).toHaveLength(1);
  });

  it('has a second contact of the same vendor at a location the demo contact does not belong to', async () => {
    const demo = await demoContact();
    const other = await t.db.selectFrom('contacts').selectAll().where('email', '=', OTHER_CONTACT_EMAIL).executeTakeFirstOrThrow();
    const otherScope = await t.db.selectFrom('contactLocations').selectAll().where('contactId', '=', other.id).execute();
    const demoScope = await t.db.selectFrom('contactLocations').selectAll().where('contactId', '=', demo.id).execute();
    expect(otherScope.length).toBeGreaterThan(0);
    expect(demoScope.map((s) => s.vendorId)).toContain(otherScope[0].vendorId);
    expect(demoScope.map((s) => s.locationId)).not.toContain(otherScope[0].locationId);
    const otherInvoices = await t.db.selectFrom('invoices').select('id').where('locationId', '=', otherScope[0].locationId).execute();
    expect(otherInvoices.length).toBeGreaterThan(0);
  });

  it('has at least 40 invoices for the demo contact, covering every case the invoice screens show', async () => {
    const contact = await demoContact();
    const invoices = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('locationId', 'in', t.db.selectFrom('contactLocations').select('locationId').where('contactId', '=', contact.id))
      .execute();
    const today = TODAY.toString();
    const open = invoices.filter((i) => !i.deletedAt);
    expect(invoices.length).toBeGreaterThanOrEqual(40);
    expect(open.some((i) => i.openAmountCents < 0)).toBe(true); // credit
    expect(open.some((i) => i.openAmountCents > 0 && i.dueDate !== null && i.dueDate < today)).toBe(true); // past due
    expect(open.some((i) => i.dueDate !== null && i.dueDate > today)).toBe(true); // future due
    expect(open.some((i) => i.openAmountCents > 0 && i.openAmountCents < i.originalAmountCents)).toBe(true); // partly paid
    expect(invoices.some((i) => i.createType === 'QBO' && i.externalId !== '')).toBe(true);
    expect(invoices.some((i) => i.poRefId)).toBe(true);
    expect(invoices.some((i) => i.extra.eodPassthrough?.stId && i.extra.eodPassthrough?.stName)).toBe(true);
    expect(invoices.some((i) => i.displayInvNum.length > 12)).toBe(true);
    expect(invoices.some((i) => i.deletedAt !== null)).toBe(true); // closed
    expect(invoices.some((i) => !i.deletedAt && !i.payable)).toBe(true); // scheduled
    for (const i of invoices) expect(i.dueDate === null || /^\d{4}-\d{2}-\d{2}$/.test(i.dueDate)).toBe(true);
  });

  it('gives the demo contact a card with a service fee, an ACH account and one pending verification — last four only', async () => {
    const contact = await demoContact();
    const methods = await t.db.selectFrom('paymentMethods').selectAll().where('contactId', '=', contact.id).execute();
    expect(methods.some((m) => m.provider.endsWith('-cc') && m.serviceFee === '2.9')).toBe(true);
    expect(methods.some((m) => m.provider.endsWith('-ach') && !m.verificationRequired)).toBe(true);
    expect(methods.some((m) => m.provider.endsWith('-ach') && m.verificationRequired)).toBe(true);
    for (const m of methods) {
      expect(m.lastFour).toMatch(/^\d{4}$/);
      for (const text of [m.name, m.brand ?? '']) expect(text).not.toMatch(/\d{5,}/); // no account or card number
    }
  });

  it('has an active AutoPay at one location and an active and a completed payment plan at another', async () => {
    const contact = await demoContact();
    const autopays = await t.db.selectFrom('autopays').selectAll().where('contactId', '=', contact.id).where('deletedAt', 'is', null).execute();
    const plans = await t.db.selectFrom('paymentPlans').selectAll().where('contactId', '=', contact.id).execute();
    expect(autopays).toHaveLength(1);
    expect(plans.map((p) => p.status).sort()).toEqual(['active', 'complete']);
    expect(plans.every((p) => p.locationId !== autopays[0].locationId)).toBe(true);
  });

  it('has payments scheduled, complete and canceled whose totals match their lines', async () => {
    const contact = await demoContact();
    const groups = await t.db.selectFrom('paymentGroups').selectAll().where('contactId', '=', contact.id).execute();
    expect(new Set(groups.map((g) => g.status))).toEqual(new Set(['scheduled', 'complete', 'canceled']));
    for (const g of groups) {
      const lines = await t.db.selectFrom('payments').select('paidAmountCents').where('paymentGroupId', '=', g.id).execute();
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.reduce((sum, l) => sum + l.paidAmountCents, 0)).toBe(g.paymentTotalCents);
    }
  });

  it('has messages (failed payment, comment, a dispute with nothing paid, a partial payment) and a template message', async () => {
    const contact = await demoContact();
    const messages = await t.db.selectFrom('messages').selectAll().where('contactId', '=', contact.id).execute();
    expect(messages.map((m) => m.subject)).toEqual(expect.arrayContaining(['Payment Failed', 'Comment']));
    expect(messages.some((m) => m.paymentPaidAmountCents === 0)).toBe(true);
    expect(messages.some((m) => (m.paymentPaidAmountCents ?? 0) > 0)).toBe(true);
    const templates = await t.db.selectFrom('templateMessages').selectAll().where('contactId', '=', contact.id).execute();
    expect(templates).toHaveLength(2);
    for (const template of templates) {
      expect(template.invoiceIds.length).toBeGreaterThan(0);
      // rich content in the documented format, with headings, lists, links and bold
      const parsed = parseRichContent(JSON.stringify(template.richContent));
      expect(parsed.ok).toBe(true);
      const types = JSON.stringify(template.richContent);
      for (const part of ['"heading"', '-list"', '"link"', '"bold":true']) expect(types).toContain(part);
    }
  });

  it('has a global error announcement, a vendor announcement and an expired one', async () => {
    const rows = await t.db.selectFrom('announcements').selectAll().execute();
    expect(rows.some((a) => a.vendorId === null && a.type === 'error' && (a.expirationDate ?? '9') >= TODAY.toString())).toBe(true);
    expect(rows.some((a) => a.vendorId !== null)).toBe(true);
    expect(rows.some((a) => a.expirationDate !== null && a.expirationDate < TODAY.toString())).toBe(true);
  });

  it('has ads pointing at files that exist in public/static/ads', async () => {
    const { existsSync } = await import('node:fs');
    const { fileURLToPath } = await import('node:url');
    const ads = await t.db.selectFrom('ads').selectAll().execute();
    expect(ads.length).toBeGreaterThanOrEqual(2);
    for (const ad of ads) expect(existsSync(fileURLToPath(new URL(`../../public${ad.fileUrl}`, import.meta.url)))).toBe(true);
  });

  it('has the federal holidays of this year and next, on the days the Federal Reserve is closed', async () => {
    const rows = await t.db.selectFrom('holidays').selectAll().orderBy('date').execute();
    expect(rows.filter((h) => h.date.startsWith('2026-'))).toEqual(bankHolidays(2026));
    expect(rows.filter((h) => h.date.startsWith('2027-'))).toEqual(bankHolidays(2027));
    expect(rows.every((h) => h.date.startsWith('2026-') || h.date.startsWith('2027-'))).toBe(true);
  });

  it('has the app configuration: payment window, AutoPay window, every feature flag of the spec, terms per provider', async () => {
    const config = Object.fromEntries(
      (await t.db.selectFrom('appConfig').selectAll().execute()).map((r) => [r.key, r.value as Record<string, any>]),
    );
    expect(config.configuration).toEqual({ paymentRequest: { c2pPaymentDays: 30 }, autopayConfig: { startDateTimeFrame: 10 } });
    const specFlags = [
      'click2PayCampaign', 'adoptionAndTraining', 'vendorManage', 'broadCastQuick', 'broadCastCustom', 'accountingQbo',
      'qboConnect', 'pro', 'power', 'accountSummary', 'autopay', 'customerLocationReport', 'click2Pay', 'vendorDashboardHelp',
      'oneTimeStatements', 'statements', 'recurringStatements', 'sendCustomerWelcomeCommunications', 'sendPaymentMethodUpdate',
      'displayExternalInvoiceDate', 'displayInvoicePoRefId', 'customerManageAutopay',
    ];
    expect(Object.keys(config.featureFlags).sort()).toEqual([...specFlags].sort());
    for (const name of ['displayExternalInvoiceDate', 'displayInvoicePoRefId', 'customerManageAutopay']) {
      expect(config.featureFlags[name]).toMatchObject({ default: true, enabled: true });
    }
    expect(Object.keys(config.epa).sort()).toEqual(['direct-ach', 'plastiq-cc', 'priority-ach', 'priority-cc']);
    expect(config.epa['plastiq-cc']).toEqual({ version: '3', filename: 'epa-card.pdf' });
  });

  it('seedIfEmpty leaves a seeded database alone; resetAndSeed starts over (tokens and outbox emptied)', async () => {
    expect(await seedIfEmpty(t.db)).toBe(false);
    const contact = await demoContact();
    await t.db.insertInto('outbox').values({ channel: 'email', recipient: DEMO_EMAIL, subject: 's', body: 'b' }).execute();
    const before = await t.db.selectFrom('invoices').select('id').execute();

    const result = await resetAndSeed(t.db, { today: TODAY });

    const after = await t.db.selectFrom('invoices').select('id').execute();
    expect(after).toHaveLength(before.length);
    expect(result.contactId).not.toBe(contact.id);
    expect(await t.db.selectFrom('contacts').select('id').execute()).toHaveLength(2);
    expect(await t.db.selectFrom('outbox').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('vendors').select('id').execute()).toHaveLength(2);
  });
});
