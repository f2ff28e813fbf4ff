// @vitest-environment node
/**
 * `POST .../paymentgroups` (re-checks, one transaction, disputes and partial payments, exactly once per
 * Idempotency-Key), `GET .../paymentgroups?onlyPending=` and `GET .../paymentgroups/{id}/payments`.
 * The clock is pinned: today is Wednesday 2026-12-02 (10:00 in New York, before the vendors' 17:00 cut-off).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { testConfig } from '../../server/config.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { issueToken } from '../../server/db/tokens.js';
import { paymentGroupHandlers } from '../../server/routes/paymentgroups.js';
import { json } from '../../server/db/json.js';
import { DEMO_EPA } from '../../server/seed/demo.js';
import { expectMatchesContract } from './helpers/contract.js';

const TODAY = Temporal.PlainDate.from('2026-12-02');
const MORNING = new Date('2026-12-02T15:00:00Z'); // 10:00 America/New_York
let clock = MORNING;

let t: TestDb;
let app: FastifyInstance;
let token: string;
let otherToken: string;

beforeAll(async () => {
  t = await createTestDb({ seed: true, today: TODAY });
  const config = testConfig();
  app = await buildApp({
    db: t.db,
    config,
    logger: false,
    handlers: paymentGroupHandlers({ db: t.db, config }, { now: () => clock }),
  });
  await app.ready();
  token = await issueToken(t.db, { contactId: t.demo!.contactId, type: 'login', ttlDays: 7 });
  otherToken = await issueToken(t.db, { contactId: t.demo!.otherContactId, type: 'login', ttlDays: 7 });
});
afterAll(async () => {
  await app?.close();
  await t?.drop();
});
beforeEach(() => {
  clock = MORNING;
});

const demo = () => t.demo!;
const pfgPath = (locationId: string) => `/api/vendors/${demo().vendors.pfg}/locations/${locationId}`;
const coastalPath = () => `/api/vendors/${demo().vendors.coastal}/locations/${demo().locations.coastalBlueHeron}`;
const auth = (raw = token) => ({ authorization: `ContactAccess ${raw}` });

async function invoice(num: string) {
  return t.db.selectFrom('invoices').selectAll().where('displayInvNum', '=', num).executeTakeFirstOrThrow();
}
async function method(locationId: string, name: string) {
  return t.db
    .selectFrom('paymentMethods')
    .selectAll()
    .where('locationId', '=', locationId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
}

interface PayBody {
  paymentMethodId: string;
  paymentDate: string;
  partialPayments: Array<{ invoiceId: string; amount: string; newAmount: number; reason: string; notes?: string }>;
  invoices: string[];
  epaVersion: string;
}

function pay(path: string, body: PayBody | Record<string, unknown>, key: string | null = randomUUID(), raw = token) {
  return app.inject({
    method: 'POST',
    url: `${path}/paymentgroups`,
    headers: { ...auth(raw), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
}

async function counts() {
  const n = async (table: 'paymentGroups' | 'payments' | 'messages' | 'invoiceJourneys' | 'idempotencyKeys') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return {
    groups: await n('paymentGroups'),
    payments: await n('payments'),
    messages: await n('messages'),
    journeys: await n('invoiceJourneys'),
    keys: await n('idempotencyKeys'),
    payable: Number(
      (await t.db.selectFrom('invoices').select((eb) => eb.fn.countAll().as('n')).where('payable', '=', true).executeTakeFirstOrThrow()).n,
    ),
  };
}

/** A valid Blue Heron card payment of one open invoice (for the refusal tests to break one thing at a time). */
async function blueHeronCardBody(invoiceNum = 'INV4411265'): Promise<PayBody> {
  const visa = await method(demo().locations.blueHeron, 'Visa Business');
  return {
    paymentMethodId: visa.id,
    paymentDate: '2026-12-04',
    partialPayments: [],
    invoices: [(await invoice(invoiceNum)).id],
    epaVersion: DEMO_EPA['plastiq-cc'].version,
  };
}

describe('POST .../paymentgroups — paying', () => {
  it('pays two invoices and a credit with the card that has a 2.9 % fee: total = subtotal + fee (half up), invoices scheduled', async () => {
    const visa = await method(demo().locations.blueHeron, 'Visa Business');
    const a = await invoice('INV4411540'); // 1390.25
    const b = await invoice('INV4411650'); // 356.20
    const credit = await invoice('CM-4411552'); // -212.00
    const res = await pay(pfgPath(demo().locations.blueHeron), {
      paymentMethodId: visa.id,
      paymentDate: '2026-12-05', // a Saturday: a card pays on any day but holidays
      partialPayments: [],
      invoices: [a.id, b.id, credit.id],
      epaVersion: '3',
    });
    expect(res.statusCode).toBe(201);
    expectMatchesContract('createPaymentGroup', 201, res.json());
    const { allDisputed, paymentGroupId } = res.json();
    expect(allDisputed).toBe(false);
    expect(paymentGroupId).toEqual(expect.any(String));

    const detail = await app.inject({ url: `${pfgPath(demo().locations.blueHeron)}/paymentgroups/${paymentGroupId}/payments`, headers: auth() });
    expect(detail.statusCode).toBe(200);
    expectMatchesContract('getPaymentGroupPayments', 200, detail.json());
    const { paymentGroup, payments } = detail.json();
    // subtotal 1534.45; fee 2.9 % = 44.49905 → 44.50; total 1578.95
    expect(paymentGroup).toMatchObject({
      paymentTotal: 1578.95,
      serviceFee: 44.5,
      paymentDate: '2026-12-05',
      status: 'scheduled',
      paymentType: 'CC',
      sourceType: 'portal',
      paymentMethodName: 'Visa Business',
      paymentMethodLastFour: '4821',
    });
    expect(paymentGroup.confirmationNumber).toMatch(/^PP-[A-Z2-9]{10}$/);
    expect(Object.fromEntries(payments.map((p: any) => [p.invoiceDisplayInvNum, p.paidAmount]))).toEqual({
      INV4411540: 1390.25,
      INV4411650: 356.2,
      'CM-4411552': -212,
    });

    for (const id of [a.id, b.id, credit.id]) {
      const row = await t.db.selectFrom('invoices').select(['payable', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ payable: false, status: 'scheduled' });
    }
    const open = await app.inject({ url: `${pfgPath(demo().locations.blueHeron)}/invoices`, headers: auth() });
    expect(open.json().locationInvoices.map((i: any) => i.id)).not.toContain(a.id);
    const journey = await t.db.selectFrom('invoiceJourneys').select(['action', 'detail']).where('invoiceId', '=', a.id).execute();
    expect(journey).toEqual([
      { action: 'Payment Scheduled', detail: `$1,390.25 scheduled for 12/5/26 with Visa Business 4821 (${paymentGroup.confirmationNumber})` },
    ]);
  });

  it('the fee is stored on the group as its own amount (issue 20): a credit card pays it, capped at 3 %; a debit or prepaid card pays none', async () => {
    const visa = await method(demo().locations.blueHeron, 'Visa Business');
    const addCard = async (name: string, cardFunding: 'credit' | 'debit' | 'prepaid', serviceFee: string) =>
      (await t.db.insertInto('paymentMethods').values({
        contactId: demo().contactId, vendorId: demo().vendors.pfg, locationId: demo().locations.blueHeron, provider: 'plastiq-cc',
        name, lastFour: '5556', brand: 'Visa', expMonth: 12, expYear: 2030, serviceFee, cardFunding, providerToken: `sbx_plastiq-cc_card_${randomUUID().replace(/-/g, '')}`,
      }).returning('id').executeTakeFirstOrThrow()).id;
    const cases = [
      { id: visa.id, label: 'the demo Visa (credit, 2.9 %)' },
      { id: await addCard('Debit Visa', 'debit', '2.9'), label: 'a debit card' },
      { id: await addCard('Prepaid Visa', 'prepaid', '2.9'), label: 'a prepaid card' },
      // a method saved when its provider's fee was 3.5 %: charged 3 %
      { id: await addCard('Old Visa', 'credit', '3.5'), label: 'a credit card with an old 3.5 % fee' },
    ];
    // $2,684.10 at Blue Heron, paid here and put back after each case
    const inv = await invoice('PFGC-CHS-0004419920');
    const subtotal = Number(inv.openAmountCents);
    expect(subtotal).toBe(268_410);
    // 2.9 % of 2,684.10 = 77.8389 → 77.84; 3 % = 80.523 → 80.52
    const expected = [7784, 0, 0, 8052];
    for (const [i, c] of cases.entries()) {
      const res = await pay(pfgPath(demo().locations.blueHeron), {
        paymentMethodId: c.id, paymentDate: '2026-12-04', partialPayments: [], invoices: [inv.id], epaVersion: DEMO_EPA['plastiq-cc'].version,
      });
      expect(res.statusCode, `${c.label}: ${res.body}`).toBe(201);
      const groupId = res.json().paymentGroupId;
      const row = await t.db.selectFrom('paymentGroups').select(['serviceFeeCents', 'paymentTotalCents']).where('id', '=', groupId).executeTakeFirstOrThrow();
      expect(row, c.label).toEqual({ serviceFeeCents: expected[i], paymentTotalCents: subtotal + expected[i] });
      const detail = await app.inject({ url: `${pfgPath(demo().locations.blueHeron)}/paymentgroups/${groupId}/payments`, headers: auth() });
      expectMatchesContract('getPaymentGroupPayments', 200, detail.json());
      expect(detail.json().paymentGroup, c.label).toMatchObject({ serviceFee: expected[i] / 100, paymentTotal: (subtotal + expected[i]) / 100 });
      // free the invoice for the next case (and the other tests)
      await t.db.updateTable('paymentGroups').set({ status: 'canceled' }).where('id', '=', groupId).execute();
      await t.db.updateTable('invoices').set({ payable: inv.payable, status: inv.status }).where('id', '=', inv.id).execute();
    }
    await t.db.updateTable('paymentMethods').set({ deletedAt: new Date() }).where('id', 'in', cases.slice(1).map((c) => c.id)).execute();
  });

  it('an ACH payment carries no fee; the group is listed with onlyPending=true and onlyPending=false', async () => {
    const ach = await method(demo().locations.blueHeron, 'Operating Checking');
    const inv = await invoice('INV4411120'); // 1128.90
    const res = await pay(pfgPath(demo().locations.blueHeron), {
      paymentMethodId: ach.id,
      paymentDate: '2026-12-02',
      partialPayments: [],
      invoices: [inv.id],
      epaVersion: DEMO_EPA['priority-ach'].version,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().paymentGroupId;
    const pending = await app.inject({ url: `${pfgPath(demo().locations.blueHeron)}/paymentgroups?onlyPending=true`, headers: auth() });
    expect(pending.statusCode).toBe(200);
    expectMatchesContract('listPaymentGroups', 200, pending.json());
    const groups = pending.json().paymentGroups;
    expect(groups.every((g: any) => g.status === 'scheduled')).toBe(true);
    expect(groups.find((g: any) => g.id === id)).toMatchObject({ paymentTotal: 1128.9, serviceFee: 0, paymentType: 'ACH', paymentDate: '2026-12-02' });
    expect((await t.db.selectFrom('paymentGroups').select('serviceFeeCents').where('id', '=', id).executeTakeFirstOrThrow()).serviceFeeCents).toBe(0);
    const all = await app.inject({ url: `${pfgPath(demo().locations.blueHeron)}/paymentgroups?onlyPending=false`, headers: auth() });
    expectMatchesContract('listPaymentGroups', 200, all.json());
    expect(all.json().paymentGroups.map((g: any) => g.status)).toEqual(expect.arrayContaining(['scheduled', 'complete']));
    expect(all.json().paymentGroups.length).toBeGreaterThan(groups.length);
  });

  it('disputes one invoice and part-pays another: allDisputed, a group for the partial amount, messages and journeys', async () => {
    const ach = await method(demo().locations.coastalBlueHeron, 'Operating Checking');
    const disputed = await invoice('CPC-10539'); // 512.75
    const partial = await invoice('CPC-10612'); // 419.60
    const res = await pay(coastalPath(), {
      paymentMethodId: ach.id,
      paymentDate: '2026-12-03',
      partialPayments: [
        { invoiceId: disputed.id, amount: '512.75', newAmount: 0, reason: 'Wrong Item', notes: 'Ordered leeks, got onions.' },
        { invoiceId: partial.id, amount: '419.60', newAmount: 100.1, reason: 'Quantity/Weight Incorrect' },
      ],
      invoices: [disputed.id, partial.id],
      epaVersion: DEMO_EPA['direct-ach'].version,
    });
    expect(res.statusCode).toBe(201);
    expectMatchesContract('createPaymentGroup', 201, res.json());
    expect(res.json().allDisputed).toBe(true);
    const groupId = res.json().paymentGroupId;
    expect(groupId).toEqual(expect.any(String));

    const detail = (await app.inject({ url: `${coastalPath()}/paymentgroups/${groupId}/payments`, headers: auth() })).json();
    expect(detail.paymentGroup.paymentTotal).toBe(100.1);
    expect(detail.payments.map((p: any) => [p.invoiceId, p.paidAmount, p.subject, p.message])).toEqual(
      expect.arrayContaining([
        [disputed.id, 0, 'Wrong Item', 'Ordered leeks, got onions.'],
        [partial.id, 100.1, 'Quantity/Weight Incorrect', ''],
      ]),
    );

    const messages = await t.db
      .selectFrom('messages')
      .select(['invoiceId', 'subject', 'body', 'paymentPaidAmountCents', 'readAt'])
      .where('invoiceId', 'in', [disputed.id, partial.id])
      .execute();
    // written as read by their author: a customer's own dispute is not an unread message for them
    expect(messages).toEqual(
      expect.arrayContaining([
        { invoiceId: disputed.id, subject: 'Wrong Item', body: 'Ordered leeks, got onions.', paymentPaidAmountCents: 0, readAt: expect.any(Date) },
        { invoiceId: partial.id, subject: 'Quantity/Weight Incorrect', body: '', paymentPaidAmountCents: 10010, readAt: expect.any(Date) },
      ]),
    );
    expect(messages).toHaveLength(2);
    // the disputed invoice stays open and payable; the part-paid one is scheduled
    expect((await invoice('CPC-10539')).payable).toBe(true);
    expect((await invoice('CPC-10612')).payable).toBe(false);
    const journeys = await t.db.selectFrom('invoiceJourneys').select(['invoiceId', 'action']).where('invoiceId', 'in', [disputed.id, partial.id]).execute();
    expect(journeys).toEqual(
      expect.arrayContaining([
        { invoiceId: disputed.id, action: 'Disputed' },
        { invoiceId: partial.id, action: 'Partial Payment Scheduled' },
      ]),
    );
  });

  it('when every invoice is disputed nothing is left to pay: paymentGroupId null, no group, the dispute still recorded', async () => {
    const ach = await method(demo().locations.coastalBlueHeron, 'Operating Checking');
    const disputed = await invoice('CPC-10539'); // still open after the dispute above
    const before = await counts();
    const key = randomUUID();
    const body = {
      paymentMethodId: ach.id,
      paymentDate: '2026-12-03',
      partialPayments: [{ invoiceId: disputed.id, amount: '512.75', newAmount: 0, reason: 'Refused' }],
      invoices: [disputed.id],
      epaVersion: '1',
    };
    const res = await pay(coastalPath(), body, key);
    expect(res.statusCode).toBe(201);
    expectMatchesContract('createPaymentGroup', 201, res.json());
    expect(res.json()).toEqual({ allDisputed: true, paymentGroupId: null });
    const after = await counts();
    expect(after.groups).toBe(before.groups);
    expect(after.messages).toBe(before.messages + 1);
    expect(after.journeys).toBe(before.journeys + 1);
    // replaying the key answers the same and writes nothing more
    const again = await pay(coastalPath(), body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ allDisputed: true, paymentGroupId: null });
    expect(await counts()).toEqual(after);
  });

  it('with a click-to-pay token the group is a Click2Pay payment of the request, which completes when nothing is left to pay', async () => {
    const { vendors, locations, requests } = demo();
    const c2p = await issueToken(t.db, {
      contactId: demo().contactId, vendorId: vendors.coastal, locationId: locations.coastalBlueHeron, type: 'click2pay',
      requestId: requests.click2pay, ttlDays: 7,
    });
    const request = await t.db.selectFrom('requests').select('invoiceIds').where('id', '=', requests.click2pay).executeTakeFirstOrThrow();
    const ach = await method(locations.coastalBlueHeron, 'Operating Checking');
    const res = await pay(
      coastalPath(),
      { paymentMethodId: ach.id, paymentDate: '2026-12-03', partialPayments: [], invoices: request.invoiceIds, epaVersion: '1' },
      randomUUID(),
      c2p,
    );
    expect(res.statusCode).toBe(201);
    const group = await t.db.selectFrom('paymentGroups').selectAll().where('id', '=', res.json().paymentGroupId).executeTakeFirstOrThrow();
    expect(group).toMatchObject({ sourceType: 'Click2Pay', requestId: requests.click2pay, paymentTotalCents: 64218 + 38840 + 23310 });
    const after = await t.db.selectFrom('requests').select('status').where('id', '=', requests.click2pay).executeTakeFirstOrThrow();
    expect(after.status).toBe('complete');
  });
});

describe('POST .../paymentgroups — exactly once', () => {
  it('the same key and body answers the first result again (same status and body) and writes nothing more', async () => {
    const body = await blueHeronCardBody('INV4410321');
    const key = randomUUID();
    const first = await pay(pfgPath(demo().locations.blueHeron), body, key);
    expect(first.statusCode).toBe(201);
    const before = await counts();
    const second = await pay(pfgPath(demo().locations.blueHeron), body, key);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await counts()).toEqual(before);
  });

  it('the same key with a different body answers 409 idempotency_conflict and writes nothing', async () => {
    const body = await blueHeronCardBody('INV4410588');
    const key = randomUUID();
    expect((await pay(pfgPath(demo().locations.blueHeron), body, key)).statusCode).toBe(201);
    const before = await counts();
    const other = await pay(pfgPath(demo().locations.blueHeron), { ...body, paymentDate: '2026-12-07' }, key);
    expect(other.statusCode).toBe(409);
    expectMatchesContract('createPaymentGroup', 409, other.json());
    expect(other.json().errorCode).toBe('idempotency_conflict');
    expect(await counts()).toEqual(before);
  });

  it('keys are per contact: the other contact may use the same key', async () => {
    const key = randomUUID();
    expect((await pay(pfgPath(demo().locations.blueHeron), await blueHeronCardBody('INV4411265'), key)).statusCode).toBe(201);
    const marcusAch = await method(demo().locations.saltmarsh, 'Bistro Checking');
    const res = await pay(
      pfgPath(demo().locations.saltmarsh),
      { paymentMethodId: marcusAch.id, paymentDate: '2026-12-03', partialPayments: [], invoices: [(await invoice('INV4411058')).id], epaVersion: '4' },
      key,
      otherToken,
    );
    expect(res.statusCode).toBe(201);
  });

  it('a refused request stores nothing under its key: the retry is evaluated afresh', async () => {
    // an open invoice of Blue Heron that no other test of this file pays
    const used = ['INV4411265', 'INV4411540', 'INV4411650', 'INV4411120', 'INV4410902', 'INV4410321', 'INV4410588'];
    const free = await t.db.selectFrom('invoices').select('displayInvNum').where('locationId', '=', demo().locations.blueHeron)
      .where('payable', '=', true).where('deletedAt', 'is', null).where('openAmountCents', '>', 0)
      .where('displayInvNum', 'not in', used).orderBy('displayInvNum').executeTakeFirstOrThrow();
    const body = await blueHeronCardBody(free.displayInvNum);
    const key = randomUUID();
    const refused = await pay(pfgPath(demo().locations.blueHeron), { ...body, epaVersion: '2' }, key);
    expect(refused.statusCode).toBe(422);
    const stored = await t.db.selectFrom('idempotencyKeys').select('idempotencyKey').where('idempotencyKey', '=', key).execute();
    expect(stored).toEqual([]);
    // the corrected request under a new key goes through
    expect((await pay(pfgPath(demo().locations.blueHeron), body)).statusCode).toBe(201);
  });

  it('refuses a missing or too short Idempotency-Key with 400', async () => {
    const body = await blueHeronCardBody('INV4411265');
    const missing = await pay(pfgPath(demo().locations.blueHeron), body, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorCode).toBe('validation_failed');
    const short = await pay(pfgPath(demo().locations.blueHeron), body, 'abc');
    expect(short.statusCode).toBe(400);
  });
});

describe('POST .../paymentgroups — refusals write nothing', () => {
  // every case starts from a valid Harbor Street ACH payment and breaks one rule
  async function harborBody(): Promise<PayBody> {
    const ach = await method(demo().locations.harborStreet, 'Operating Checking');
    return {
      paymentMethodId: ach.id,
      paymentDate: '2026-12-03',
      partialPayments: [],
      invoices: [(await invoice('INV4411310')).id], // 612.85
      epaVersion: '4',
    };
  }
  const harbor = () => pfgPath(demo().locations.harborStreet);

  const cases: Array<[string, () => Promise<{ path?: string; body: Record<string, unknown> }>, number, string]> = [
    ['another contact’s invoice', async () => ({ body: { ...(await harborBody()), invoices: [(await invoice('INV4411390')).id] } }), 404, 'not_found'],
    ['an invoice of another location of the contact', async () => ({ body: { ...(await harborBody()), invoices: [(await invoice('INV4410050')).id, (await invoice('INV4411422')).id] } }), 404, 'not_found'],
    ['another contact’s payment method', async () => ({ body: { ...(await harborBody()), paymentMethodId: (await method(demo().locations.saltmarsh, 'Bistro Checking')).id } }), 404, 'not_found'],
    ['a method of another location of the contact', async () => ({ body: { ...(await harborBody()), paymentMethodId: (await method(demo().locations.blueHeron, 'Operating Checking')).id } }), 404, 'not_found'],
    ['a method pending verification', async () => ({ body: { ...(await harborBody()), paymentMethodId: (await method(demo().locations.harborStreet, 'Payroll Savings')).id } }), 422, 'payment_method_unverified'],
    ['a closed invoice', async () => ({ body: { ...(await harborBody()), invoices: [(await invoice('INV4407720')).id] } }), 422, 'invoice_not_payable'],
    ['a Saturday for an ACH method', async () => ({ body: { ...(await harborBody()), paymentDate: '2026-12-05' } }), 422, 'invalid_payment_date'],
    ['a date after the 30-day window', async () => ({ body: { ...(await harborBody()), paymentDate: '2027-01-04' } }), 422, 'invalid_payment_date'],
    ['a holiday (Christmas Day)', async () => ({ body: { ...(await harborBody()), paymentDate: '2026-12-25' } }), 422, 'invalid_payment_date'],
    ['an impossible date', async () => ({ body: { ...(await harborBody()), paymentDate: '2026-02-30' } }), 400, 'validation_failed'],
    ['an old terms version', async () => ({ body: { ...(await harborBody()), epaVersion: '3' } }), 422, 'epa_version_mismatch'],
    ['a negative total (a credit alone)', async () => ({ body: { ...(await harborBody()), invoices: [(await invoice('CM-4410801')).id] } }), 422, 'negative_total'],
    ['a partial amount equal to the open amount', async () => {
      const body = await harborBody();
      return { body: { ...body, partialPayments: [{ invoiceId: body.invoices[0], amount: '612.85', newAmount: 612.85, reason: 'Discount' }] } };
    }, 422, 'invalid_partial_amount'],
    ['a partial amount above the open amount', async () => {
      const body = await harborBody();
      return { body: { ...body, partialPayments: [{ invoiceId: body.invoices[0], amount: '612.85', newAmount: 700, reason: 'Discount' }] } };
    }, 422, 'invalid_partial_amount'],
    ['a dispute of a credit', async () => {
      const body = await harborBody();
      const credit = (await invoice('CM-4410801')).id;
      return { body: { ...body, invoices: [...body.invoices, credit], partialPayments: [{ invoiceId: credit, amount: '145.90', newAmount: 0, reason: 'Refused' }] } };
    }, 422, 'invalid_partial_amount'],
    ['a partial amount with three decimals', async () => {
      const body = await harborBody();
      return { body: { ...body, partialPayments: [{ invoiceId: body.invoices[0], amount: '612.85', newAmount: 10.005, reason: 'Discount' }] } };
    }, 400, 'validation_failed'],
    ['a partial amount of 2^53 (beyond what cents can hold)', async () => {
      const body = await harborBody();
      return { body: { ...body, partialPayments: [{ invoiceId: body.invoices[0], amount: '612.85', newAmount: 9007199254740992, reason: 'Discount' }] } };
    }, 400, 'validation_failed'],
    ['a negative partial amount', async () => {
      const body = await harborBody();
      return { body: { ...body, partialPayments: [{ invoiceId: body.invoices[0], amount: '612.85', newAmount: -1, reason: 'Discount' }] } };
    }, 400, 'validation_failed'],
    ['a partial amount of a tenth of a cent', async () => {
      const body = await harborBody();
      return { body: { ...body, partialPayments: [{ invoiceId: body.invoices[0], amount: '612.85', newAmount: 0.001, reason: 'Discount' }] } };
    }, 400, 'validation_failed'],
    ['an open amount text of 2^53', async () => {
      const body = await harborBody();
      return { body: { ...body, partialPayments: [{ invoiceId: body.invoices[0], amount: '9007199254740992', newAmount: 5, reason: 'Discount' }] } };
    }, 400, 'validation_failed'],
    ['a partial payment of an invoice that is not selected', async () => {
      const body = await harborBody();
      return { body: { ...body, partialPayments: [{ invoiceId: (await invoice('INV4411477')).id, amount: '2054.20', newAmount: 5, reason: 'Discount' }] } };
    }, 400, 'validation_failed'],
    ['an unknown field', async () => ({ body: { ...(await harborBody()), tip: 5 } }), 400, 'validation_failed'],
    ['a location of another contact', async () => ({ path: pfgPath(demo().locations.saltmarsh), body: await harborBody() }), 404, 'not_found'],
  ];

  it.each(cases)('%s → %s %s', async (_name, make, status, errorCode) => {
    const { path, body } = await make();
    const before = await counts();
    const res = await pay(path ?? harbor(), body);
    expect(res.statusCode).toBe(status);
    expectMatchesContract('createPaymentGroup', status, res.json());
    expect(res.json().errorCode).toBe(errorCode);
    expect(await counts()).toEqual(before);
  });

  it('after the vendor’s 17:00 cut-off (New York) today is no longer a payment date', async () => {
    clock = new Date('2026-12-02T22:30:00Z'); // 17:30 in New York
    const today = await pay(harbor(), { ...(await harborBody()), paymentDate: '2026-12-02' });
    expect(today.statusCode).toBe(422);
    expect(today.json().errorCode).toBe('invalid_payment_date');
  });

  it('a past date is replaced by the earliest valid payment date (today before the cut-off, else the next payment day)', async () => {
    const past = await pay(harbor(), { ...(await harborBody()), paymentDate: '2026-11-20' });
    expect(past.statusCode).toBe(201);
    const group = await t.db.selectFrom('paymentGroups').select('paymentDate').where('id', '=', past.json().paymentGroupId).executeTakeFirstOrThrow();
    expect(group.paymentDate).toBe('2026-12-02');

    clock = new Date('2026-12-04T23:00:00Z'); // Friday 18:00 in New York: the next ACH day is Monday
    const body = { ...(await harborBody()), invoices: [(await invoice('INV4411699')).id], paymentDate: '2026-12-01' };
    const late = await pay(harbor(), body);
    expect(late.statusCode).toBe(201);
    const lateGroup = await t.db.selectFrom('paymentGroups').select('paymentDate').where('id', '=', late.json().paymentGroupId).executeTakeFirstOrThrow();
    expect(lateGroup.paymentDate).toBe('2026-12-07');
  });

  it('an invoice already scheduled cannot be paid again (another key)', async () => {
    const body = { ...(await harborBody()), invoices: [(await invoice('INV4411033')).id] };
    expect((await pay(harbor(), body)).statusCode).toBe(201);
    const again = await pay(harbor(), body);
    expect(again.statusCode).toBe(422);
    expect(again.json().errorCode).toBe('invoice_not_payable');
  });

  it('a deleted payment method is not found', async () => {
    const ach = await method(demo().locations.harborStreet, 'Operating Checking');
    const copy = await t.db
      .insertInto('paymentMethods')
      .values({
        contactId: ach.contactId, vendorId: ach.vendorId, locationId: ach.locationId, provider: 'priority-ach', name: 'Old Checking',
        lastFour: '1111', providerToken: 'tok_test', deletedAt: new Date('2026-11-01T00:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await pay(harbor(), { ...(await harborBody()), invoices: [(await invoice('INV4411702')).id], paymentMethodId: copy.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('not_found');
  });
});

describe('POST .../paymentgroups — ids and terms (review findings)', () => {
  it('an upper-case invoice and method id is the same id: the payment is scheduled', async () => {
    // an open invoice of Blue Heron that no other test of this file pays
    const used = ['INV4411265', 'INV4411540', 'INV4411650', 'INV4411120', 'INV4410902', 'INV4410321', 'INV4410588'];
    const free = await t.db.selectFrom('invoices').select('displayInvNum').where('locationId', '=', demo().locations.blueHeron)
      .where('payable', '=', true).where('deletedAt', 'is', null).where('openAmountCents', '>', 0)
      .where('displayInvNum', 'not in', used).orderBy('displayInvNum').executeTakeFirstOrThrow();
    const body = await blueHeronCardBody(free.displayInvNum);
    const res = await pay(pfgPath(demo().locations.blueHeron), {
      ...body,
      paymentMethodId: body.paymentMethodId.toUpperCase(),
      invoices: body.invoices.map((id) => id.toUpperCase()),
    });
    expect(res.statusCode, res.body).toBe(201);
    expectMatchesContract('createPaymentGroup', 201, res.json());
    const lines = await t.db.selectFrom('payments').select('invoiceId').where('paymentGroupId', '=', res.json().paymentGroupId).execute();
    expect(lines.map((l) => l.invoiceId)).toEqual(body.invoices);
  });

  it('the same invoice twice in different case → 400 validation_failed, nothing written', async () => {
    const body = await blueHeronCardBody('INV4411265');
    const before = await counts();
    const res = await pay(pfgPath(demo().locations.blueHeron), { ...body, invoices: [body.invoices[0], body.invoices[0].toUpperCase()] });
    expect(res.statusCode).toBe(400);
    expectMatchesContract('createPaymentGroup', 400, res.json());
    expect(res.json().errorCode).toBe('validation_failed');
    expect(res.json().field).toMatch(/^invoices/);
    expect(await counts()).toEqual(before);
  });

  it('no terms version configured for the provider → 422 epa_not_configured, nothing written', async () => {
    const stored = await t.db.selectFrom('appConfig').select('value').where('key', '=', 'epa').executeTakeFirstOrThrow();
    const body = await blueHeronCardBody('INV4411265');
    const epa = { ...(stored.value as Record<string, unknown>) };
    delete epa['plastiq-cc'];
    await t.db.updateTable('appConfig').set({ value: json(epa) }).where('key', '=', 'epa').execute();
    try {
      const before = await counts();
      for (const epaVersion of [body.epaVersion, 'anything']) {
        const res = await pay(pfgPath(demo().locations.blueHeron), { ...body, epaVersion });
        expect(res.statusCode).toBe(422);
        expectMatchesContract('createPaymentGroup', 422, res.json());
        expect(res.json().errorCode).toBe('epa_not_configured');
      }
      expect(await counts()).toEqual(before);
    } finally {
      await t.db.updateTable('appConfig').set({ value: json(stored.value) }).where('key', '=', 'epa').execute();
    }
  });
});

describe('GET .../paymentgroups/{id}/payments', () => {
  it('answers 404 for another contact’s group and for a group of another location', async () => {
    const marcusGroup = await t.db.selectFrom('paymentGroups').select('id').where('contactId', '=', demo().otherContactId).executeTakeFirstOrThrow();
    const res = await app.inject({ url: `${pfgPath(demo().locations.blueHeron)}/paymentgroups/${marcusGroup.id}/payments`, headers: auth() });
    expect(res.statusCode).toBe(404);
    expectMatchesContract('getPaymentGroupPayments', 404, res.json());
    const danaGroup = await t.db
      .selectFrom('paymentGroups')
      .select('id')
      .where('contactId', '=', demo().contactId)
      .where('locationId', '=', demo().locations.blueHeron)
      .executeTakeFirstOrThrow();
    const wrong = await app.inject({ url: `${pfgPath(demo().locations.harborStreet)}/paymentgroups/${danaGroup.id}/payments`, headers: auth() });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('concurrency', () => {
  it('50 concurrent identical submits (one key) create exactly one payment group; all 50 answers are identical', async () => {
    const body = await blueHeronCardBody('INV4410902'); // open 475.00
    const key = randomUUID();
    const before = await counts();
    const responses = await Promise.all(Array.from({ length: 50 }, () => pay(pfgPath(demo().locations.blueHeron), body, key)));
    const statuses = new Set(responses.map((r) => r.statusCode));
    expect([...statuses]).toEqual([201]);
    const bodies = new Set(responses.map((r) => r.body));
    expect(bodies.size).toBe(1);
    const after = await counts();
    expect(after.groups).toBe(before.groups + 1);
    expect(after.payments).toBe(before.payments + 1);
    expect(after.keys).toBe(before.keys + 1);
    const groups = await t.db.selectFrom('paymentGroups').select('id').where('idempotencyKey', '=', key).execute();
    expect(groups).toEqual([{ id: responses[0].json().paymentGroupId }]);
  });

  it('two different keys paying the same invoice at once: one is scheduled, the other refused as not payable', async () => {
    const card = await method(demo().locations.magnolia, 'Visa Business');
    const body = {
      paymentMethodId: card.id,
      paymentDate: '2026-12-03',
      partialPayments: [],
      invoices: [(await invoice('INV4411187')).id],
      epaVersion: '3',
    };
    const before = await counts();
    const responses = await Promise.all(Array.from({ length: 6 }, () => pay(pfgPath(demo().locations.magnolia), body)));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 422, 422, 422, 422, 422]);
    for (const r of responses.filter((x) => x.statusCode === 422)) expect(r.json().errorCode).toBe('invoice_not_payable');
    expect((await counts()).groups).toBe(before.groups + 1);
  });
});
