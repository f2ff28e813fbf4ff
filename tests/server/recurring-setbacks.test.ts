// @vitest-environment node
/**
 * What a declined or returned payment of AutoPay or a payment plan does to the schedule that made it
 * (core/rules/payment-retries.ts): a return that makes the bank account unusable (R02/R03/R10) PAUSES every AutoPay
 * and plan charging it — the customer is told once with a link to choose another method, the vendor hears
 * `autopay.paused` / `payment_plan.paused`, nothing is charged and no retry spent until the method changes; an R01
 * return of an AutoPay debit feeds AutoPay's retries; a declined or returned plan installment is tried again 3, 5 and
 * 7 days after its date, exactly once each however many runs race. Demo data, vendor PFG (New York), January 2027.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { testConfig } from '../../server/config.js';
import { createDb, type Db } from '../../server/db/connect.js';
import { json } from '../../server/db/json.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { issueToken } from '../../server/db/tokens.js';
import { PAYMENT_RETURNED_EMAIL_SUBJECT, recordAchReturns } from '../../server/jobs/ach-returns.js';
import { runAutopay } from '../../server/jobs/autopay.js';
import { runPlans } from '../../server/jobs/plans.js';
import { settleDuePaymentGroups } from '../../server/jobs/settlement.js';
import { sandboxProcessor, SANDBOX_ACH_RETURNS } from '../../server/payments-service/sandbox.js';
import { DEMO_EPA } from '../../server/seed/demo.js';
import { changePlanMethod } from '../../server/use-cases/change-plan-method.js';
import { changeAutopayMethod } from '../../server/use-cases/update-autopay.js';
import { expectMatchesContract } from './helpers/contract.js';
import { testAgreement } from './helpers/use-cases.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('AutoPay and plans after a decline or a return', () => {
  let t: TestDb;
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    t = await createTestDb({ seed: true, today: Temporal.PlainDate.from('2026-12-02') });
    app = await buildApp({ db: t.db, config: testConfig(), logger: false });
    await app.ready();
    token = await issueToken(t.db, { contactId: t.demo!.contactId, type: 'login', ttlDays: 3650 });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await t?.drop();
  });

  const ctx = (iso: string, db: Db = t.db) => ({ db, now: new Date(iso), log: quiet, publicUrl: 'https://portal.example' });
  /** `runs` job runs at once: separate pools on PostgreSQL (as separate processes would be), the one database on PGlite. */
  async function racing<T>(runs: number, run: (db: Db) => Promise<T>): Promise<T[]> {
    const extra = t.databaseUrl ? await Promise.all(Array.from({ length: runs }, () => createDb({ databaseUrl: t.databaseUrl, poolSize: 3 }))) : [];
    try {
      return await Promise.all((extra.length ? extra.map((h) => h.db) : Array.from({ length: runs }, () => t.db)).map(run));
    } finally {
      await Promise.all(extra.map((h) => h.close()));
    }
  }

  let seq = 0;
  /** A fresh location of PFG with a method — a sandbox bank account returned with `ach` (or usable), or a card — and invoices. */
  async function place(method: { ach: string | null } | { card: 'declines' | 'ok' }, invoices: number[]) {
    seq += 1;
    const vendorId = t.demo!.vendors.pfg;
    const contactId = t.demo!.contactId;
    const location = await t.db.insertInto('locations').values({ vendorId, displayName: `Setbacks ${seq}`, address: json(null), createType: null }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('contactLocations').values({ contactId, vendorId, locationId: location.id }).execute();
    const scope = { contactId, vendorId, locationId: location.id };
    const methodId = await addMethod(scope, method);
    const invoiceIds: string[] = [];
    for (const [i, cents] of invoices.entries()) {
      const row = await t.db
        .insertInto('invoices')
        .values({
          vendorId, locationId: location.id, externalId: `SB${seq}-${i}`, displayInvNum: `SB${seq}-${i}`, openAmountCents: cents, originalAmountCents: cents,
          dueDate: '2027-01-05', invoiceDate: null, externalInvoiceDate: null, poRefId: null, createType: null, externalUrl: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      invoiceIds.push(row.id);
    }
    return { ...scope, methodId, invoiceIds, path: `/api/vendors/${vendorId}/locations/${location.id}` };
  }

  async function addMethod(of: { contactId: string; vendorId: string; locationId: string }, method: { ach: string | null } | { card: 'declines' | 'ok' }) {
    const scope = { contactId: of.contactId, vendorId: of.vendorId, locationId: of.locationId };
    if ('ach' in method) {
      const number = method.ach ? Object.entries(SANDBOX_ACH_RETURNS).find(([, r]) => r.code === method.ach)![0] : '000123456789';
      const tokenized = await sandboxProcessor('priority-ach', t.db).tokenizeBankAccount({ provider: 'priority-ach', routingNumber: '011000015', accountNumber: number, name: 'Checking' });
      if (!tokenized.ok) throw new Error('tokenize failed');
      return (
        await t.db
          .insertInto('paymentMethods')
          .values({ ...scope, provider: 'priority-ach', name: 'Checking', lastFour: number.slice(-4), providerToken: tokenized.providerToken, verificationRequired: false })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    const declines = method.card === 'declines';
    return (
      await t.db
        .insertInto('paymentMethods')
        .values({
          ...scope, provider: 'plastiq-cc', name: 'Visa', lastFour: declines ? '0341' : '4242', serviceFee: null, cardFunding: 'debit', verificationRequired: false,
          providerToken: `sbx_plastiq-cc_card${declines ? '_declines' : ''}_${randomBytes(4).toString('hex')}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  async function autopayOf(p: { contactId: string; vendorId: string; locationId: string; methodId: string }, startDate = '2027-01-04') {
    return (
      await t.db.insertInto('autopays').values({ contactId: p.contactId, vendorId: p.vendorId, locationId: p.locationId, paymentMethodId: p.methodId, startDate }).returning('id').executeTakeFirstOrThrow()
    ).id;
  }

  async function planOf(p: { contactId: string; vendorId: string; locationId: string; methodId: string }, input: { name: string; startDate: string; total: number; each: number; invoiceIds: string[] }) {
    return (
      await t.db
        .insertInto('paymentPlans')
        .values({
          vendorId: p.vendorId, locationId: p.locationId, contactId: p.contactId, requestId: null, name: input.name, status: 'active',
          totalAmountCents: input.total, eachAmountCents: input.each, frequency: 'weekly', startDate: input.startDate, paymentMethodId: p.methodId,
          invoiceIds: json(input.invoiceIds),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  const groupsOf = (locationId: string) =>
    t.db.selectFrom('paymentGroups').select(['id', 'status', 'sourceType', 'installmentNumber', 'paymentMethodId', 'paymentDate']).where('locationId', '=', locationId).orderBy('createdAt').orderBy('id').execute();
  const messagesOf = (locationId: string) => t.db.selectFrom('messages').select(['subject', 'body']).where('locationId', '=', locationId).orderBy('createdAt').execute();
  const mailsAbout = (text: string) => t.db.selectFrom('outbox').select(['subject', 'body']).where('body', 'like', `%${text}%`).orderBy('createdAt').execute();
  const eventsOf = async (type: string, id: string) =>
    (await t.db.selectFrom('webhookEvents').select(['type', 'data']).where('type', '=', type).orderBy('seq').execute())
      .map((e) => (typeof e.data === 'string' ? JSON.parse(e.data) : e.data) as Record<string, any>)
      .filter((d) => JSON.stringify(d).includes(id));
  const get = async (url: string) => {
    const res = await app.inject({ url, headers: { authorization: `ContactAccess ${token}` } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('R02 on an AutoPay debit pauses AutoPay and the plan on that account: told once, the vendor hears it, nothing charged until another method is chosen — then paid once', async () => {
    const p = await place({ ach: 'R02' }, [5_000, 8_000]);
    const autopayId = await autopayOf(p);
    const planId = await planOf(p, { name: 'Spring', startDate: '2027-01-12', total: 8_000, each: 4_000, invoiceIds: [p.invoiceIds[1]] });
    await t.db.updateTable('autopays').set({ excludedInvoiceIds: json([p.invoiceIds[1]]) as never }).where('id', '=', autopayId).execute();

    await runAutopay(ctx('2027-01-05T17:00:00Z'));
    const [debit] = await groupsOf(p.locationId);
    expect(debit).toMatchObject({ status: 'scheduled', sourceType: 'Autopay Plus' });
    await settleDuePaymentGroups(t.db, { now: new Date('2027-01-05T18:00:00Z'), log: quiet, publicUrl: 'https://portal.example' });
    const before = { messages: (await messagesOf(p.locationId)).length, events: await eventsOf('autopay.paused', autopayId) };
    expect(before.events).toEqual([]);

    // returned two business days later (Thursday): the group is returned, the account unusable, both schedules paused
    const run = await racing(2, (db) => recordAchReturns(db, { now: new Date('2027-01-07T15:00:00Z'), publicUrl: 'https://portal.example' }));
    expect(run.flatMap((r) => r.returnedGroupIds).filter((id) => id === debit.id)).toEqual([debit.id]);
    const messages = await messagesOf(p.locationId);
    expect(messages.slice(before.messages)).toEqual([
      {
        subject: 'Payment Failed',
        body: expect.stringContaining('This bank account can no longer be used, so AutoPay Plus and your payment plan "Spring" are paused: nothing will be charged until you choose another payment method.'),
      },
    ]);
    const [mail] = (await mailsAbout('are paused')).filter((m) => m.body.includes('SB' + seq));
    expect(mail.subject).toBe(PAYMENT_RETURNED_EMAIL_SUBJECT);
    expect(mail.body).toMatch(new RegExp(`Choose another payment method for AutoPay Plus: https://portal\\.example/token/[^/]+/vendors/${p.vendorId}/locations/${p.locationId}/autopaymanage`));
    const [autopayPaused] = await eventsOf('autopay.paused', autopayId);
    expect(autopayPaused).toMatchObject({ autopay: { id: autopayId }, returnCode: 'R02', paymentGroupId: debit.id });
    const [planPaused] = await eventsOf('payment_plan.paused', planId);
    expect(planPaused).toMatchObject({ paymentPlan: { id: planId, status: 'active' }, returnCode: 'R02', paymentGroupId: debit.id });

    // the customer's pages say so
    const autopay = await get(`${p.path}/autopay`);
    expectMatchesContract('getAutopay', 200, autopay);
    expect(autopay.autoPay.paused).toMatchObject({ code: 'R02', message: 'Paused: the bank returned a payment from Checking 0002 (account closed). Nothing will be charged until you choose another payment method.' });
    const plans = await get(`${p.path}/paymentplans`);
    expectMatchesContract('listPaymentPlans', 200, plans);
    expect(plans.paymentPlans.find((x: { id: string }) => x.id === planId).paused).toMatchObject({ code: 'R02' });

    // paused: two weeks of runs (the AutoPay retry days, both installment days) charge nothing and spend no retry
    for (const day of ['2027-01-08', '2027-01-12', '2027-01-14', '2027-01-19']) {
      await runAutopay(ctx(`${day}T17:00:00Z`));
      await runPlans(ctx(`${day}T17:00:00Z`));
      await settleDuePaymentGroups(t.db, { now: new Date(`${day}T18:00:00Z`), log: quiet, publicUrl: 'https://portal.example' });
    }
    expect((await groupsOf(p.locationId)).map((g) => g.status)).toEqual(['returned']);
    expect(await t.db.selectFrom('autopayCharges').select(['status', 'attempts', 'nextAttemptOn']).where('autopayId', '=', autopayId).execute()).toEqual([
      { status: 'failed', attempts: 1, nextAttemptOn: expect.anything() },
    ]);
    expect((await messagesOf(p.locationId)).length).toBe(messages.length);
    // a second return run finds nothing new: told once
    await recordAchReturns(t.db, { now: new Date('2027-01-20T15:00:00Z') });
    expect((await messagesOf(p.locationId)).length).toBe(messages.length);
    expect(await eventsOf('autopay.paused', autopayId)).toHaveLength(1);

    // another method ends both pauses; the AutoPay charge is tried again at once, the two installments due are made
    const card = await addMethod(p, { card: 'ok' });
    const epaVersion = DEMO_EPA['plastiq-cc'].version;
    expect((await changeAutopayMethod(t.db, { contactId: p.contactId, vendorId: p.vendorId, locationId: p.locationId, tokenRequestId: null }, autopayId, { paymentMethodId: card, epaVersion }, testAgreement(), new Date('2027-01-20T15:00:00Z'))).ok).toBe(true);
    expect((await changePlanMethod(t.db, { contactId: p.contactId, vendorId: p.vendorId, locationId: p.locationId }, planId, { paymentMethodId: card, epaVersion }, testAgreement(), new Date('2027-01-20T15:00:00Z'))).ok).toBe(true);
    expect((await get(`${p.path}/autopay`)).autoPay.paused).toBeNull();
    await racing(2, async (db) => {
      await runAutopay(ctx('2027-01-20T17:00:00Z', db));
      await runPlans(ctx('2027-01-20T17:00:00Z', db));
    });
    const after = (await groupsOf(p.locationId)).slice(1);
    expect(after.map((g) => [g.sourceType, g.installmentNumber, g.status, g.paymentMethodId])).toEqual(
      expect.arrayContaining([
        ['Autopay Plus', null, 'scheduled', card],
        ['Payment Plan', 1, 'scheduled', card],
        ['Payment Plan', 2, 'scheduled', card],
      ]),
    );
    expect(after).toHaveLength(3);
  });

  it('R01 on an AutoPay debit feeds AutoPay\'s retries: tried again 3 days after the pay date, once however many runs race; a returned retry is a journey entry, not another notice', async () => {
    const p = await place({ ach: 'R01' }, [6_000]);
    const autopayId = await autopayOf(p);
    await runAutopay(ctx('2027-01-05T17:00:00Z'));
    await settleDuePaymentGroups(t.db, { now: new Date('2027-01-05T18:00:00Z'), log: quiet, publicUrl: 'https://portal.example' });
    const [first] = await groupsOf(p.locationId);
    expect(first.status).toBe('complete');
    const told = (await messagesOf(p.locationId)).length;

    await recordAchReturns(t.db, { now: new Date('2027-01-07T15:00:00Z'), publicUrl: 'https://portal.example' });
    expect(await t.db.selectFrom('autopayCharges').select(['status', 'attempts', 'nextAttemptOn']).where('autopayId', '=', autopayId).executeTakeFirstOrThrow()).toMatchObject({
      status: 'failed',
      attempts: 1,
    });
    const messages = await messagesOf(p.locationId);
    expect(messages.slice(told)).toEqual([{ subject: 'Payment Failed', body: expect.stringContaining('insufficient funds (R01). The money went back to your account. The invoice is open again. AutoPay Plus will try again on 1/8/27.') }]);
    const [mail] = (await mailsAbout('AutoPay Plus will try again on 1/8/27')).filter((m) => m.body.includes(`SB${seq}-0`));
    expect(mail.body).toMatch(/Change your AutoPay Plus payment method: https:\/\/portal\.example\/token\/[^/]+\/vendors\/[^/]+\/locations\/[^/]+\/autopaymanage/);
    expect(await eventsOf('autopay.paused', autopayId)).toEqual([]);
    expect((await get(`${p.path}/autopay`)).autoPay.paused).toBeNull();

    // not before its day; on its day one new group, whatever the number of runs
    await runAutopay(ctx('2027-01-07T17:00:00Z'));
    expect(await groupsOf(p.locationId)).toHaveLength(1);
    await racing(3, (db) => runAutopay(ctx('2027-01-08T17:00:00Z', db)));
    const groups = await groupsOf(p.locationId);
    expect(groups.map((g) => [g.status, g.paymentMethodId])).toEqual([['returned', p.methodId], ['scheduled', p.methodId]]);
    expect(await t.db.selectFrom('autopayCharges').select(['status', 'attempts', 'paymentGroupId']).where('autopayId', '=', autopayId).executeTakeFirstOrThrow()).toEqual({
      status: 'paid',
      attempts: 2,
      paymentGroupId: groups[1].id,
    });

    // the retry is debited Friday and returned too (Tuesday): attempts 2, the next retry (pay date + 5) is due at once
    await settleDuePaymentGroups(t.db, { now: new Date('2027-01-08T18:00:00Z'), log: quiet, publicUrl: 'https://portal.example' });
    await recordAchReturns(t.db, { now: new Date('2027-01-12T15:00:00Z') });
    expect((await groupsOf(p.locationId)).map((g) => g.status)).toEqual(['returned', 'returned']);
    expect(await t.db.selectFrom('autopayCharges').select(['status', 'attempts', 'nextAttemptOn']).where('autopayId', '=', autopayId).executeTakeFirstOrThrow()).toMatchObject({
      status: 'failed',
      attempts: 2,
    });
    expect((await messagesOf(p.locationId)).length).toBe(messages.length);
    const journeys = await t.db.selectFrom('invoiceJourneys').select('action').where('invoiceId', '=', p.invoiceIds[0]).where('action', '=', 'Payment Returned').execute();
    expect(journeys).toHaveLength(2);
    await runAutopay(ctx('2027-01-12T17:00:00Z'));
    expect((await groupsOf(p.locationId)).map((g) => g.status)).toEqual(['returned', 'returned', 'scheduled']);
  });

  it('a declined plan installment is tried again 3, 5 and 7 days after its date — each once, however many runs race — told once; then no more', async () => {
    const p = await place({ card: 'declines' }, [5_000]);
    const planId = await planOf(p, { name: 'Winter', startDate: '2027-01-05', total: 5_000, each: 5_000, invoiceIds: p.invoiceIds });
    const told = (await messagesOf(p.locationId)).length;
    const day = async (date: string, runs = 1) => {
      await racing(runs, (db) => runPlans(ctx(`${date}T15:00:00Z`, db)));
      await settleDuePaymentGroups(t.db, { now: new Date(`${date}T16:00:00Z`), log: quiet, publicUrl: 'https://portal.example' });
    };

    await day('2027-01-05');
    expect((await groupsOf(p.locationId)).map((g) => [g.installmentNumber, g.status])).toEqual([[1, 'failed']]);
    const messages = (await messagesOf(p.locationId)).slice(told);
    expect(messages).toEqual([
      {
        subject: 'Payment Failed',
        body: expect.stringMatching(/^Your payment plan "Winter": installment 1 of \$50\.00 \(confirmation [^)]+\) for invoice SB\d+-0 with Visa 0341 could not be processed: the card issuer declined the charge\. Nothing was charged\. The invoice is open again\. We will try installment 1 again on 1\/8\/27\./),
      },
    ]);
    const [mail] = (await mailsAbout('We will try installment 1 again on 1/8/27')).filter((m) => m.body.includes(`SB${seq}-0`));
    expect(mail.body).toMatch(new RegExp(`Change your payment plan's payment method: https://portal\\.example/token/[^/]+/vendors/${p.vendorId}/locations/${p.locationId}/plans/${planId}/update`));

    await day('2027-01-07', 2);
    expect(await groupsOf(p.locationId)).toHaveLength(1);
    for (const [date, count] of [['2027-01-08', 2], ['2027-01-10', 3], ['2027-01-12', 4]] as const) {
      await day(date, 3);
      const groups = await groupsOf(p.locationId);
      expect(groups.map((g) => [g.installmentNumber, g.status])).toEqual(Array.from({ length: count }, () => [1, 'failed']));
      expect(groups.at(-1)!.paymentDate).toBe(date);
    }
    // the retries are spent: nothing more; each failed retry was a journey entry, the customer was told once
    await day('2027-01-20', 2);
    expect(await groupsOf(p.locationId)).toHaveLength(4);
    expect((await messagesOf(p.locationId)).length).toBe(told + 1);
    const failed = await t.db.selectFrom('invoiceJourneys').select('action').where('invoiceId', '=', p.invoiceIds[0]).where('action', '=', 'Payment Failed').execute();
    expect(failed).toHaveLength(4);
    const plan = (await get(`${p.path}/paymentplans`)).paymentPlans.find((x: { id: string }) => x.id === planId);
    expect(plan.schedule).toEqual([{ paymentNumber: 1, paymentDate: '2027-01-05', paymentAmount: expect.anything(), status: 'Open' }]);
  });

  it('a declined installment retried with the method the customer chose meanwhile completes it: the schedule reads Closed, the plan completes', async () => {
    const p = await place({ card: 'declines' }, [4_000]);
    const planId = await planOf(p, { name: 'Summer', startDate: '2027-01-05', total: 4_000, each: 4_000, invoiceIds: p.invoiceIds });
    await runPlans(ctx('2027-01-05T15:00:00Z'));
    await settleDuePaymentGroups(t.db, { now: new Date('2027-01-05T16:00:00Z'), log: quiet, publicUrl: 'https://portal.example' });
    const card = await addMethod(p, { card: 'ok' });
    expect((await changePlanMethod(t.db, { contactId: p.contactId, vendorId: p.vendorId, locationId: p.locationId }, planId, { paymentMethodId: card, epaVersion: DEMO_EPA['plastiq-cc'].version }, testAgreement(), new Date('2027-01-06T15:00:00Z'))).ok).toBe(true);
    await runPlans(ctx('2027-01-08T15:00:00Z'));
    await settleDuePaymentGroups(t.db, { now: new Date('2027-01-08T16:00:00Z'), log: quiet, publicUrl: 'https://portal.example' });
    expect((await groupsOf(p.locationId)).map((g) => [g.installmentNumber, g.status, g.paymentMethodId])).toEqual([[1, 'failed', p.methodId], [1, 'complete', card]]);
    await runPlans(ctx('2027-01-09T15:00:00Z'));
    const plan = (await get(`${p.path}/paymentplans`)).paymentPlans.find((x: { id: string }) => x.id === planId);
    expect(plan).toMatchObject({ status: 'complete', paused: null });
    expect(plan.schedule.map((r: { status: string }) => r.status)).toEqual(['Closed']);
    expect(await t.db.selectFrom('invoices').select(['status', 'openAmountCents']).where('id', '=', p.invoiceIds[0]).executeTakeFirstOrThrow()).toEqual({ status: 'closed', openAmountCents: 0 });
  });
});
