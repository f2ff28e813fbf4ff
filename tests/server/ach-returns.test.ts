// @vitest-environment node
/**
 * ACH returns (issue 20): a bank debit the sandbox took comes back 2 Federal Reserve business days later with the
 * code of its test account number (R01, R02, R03, R10). The `returns` job learns it through the adapter's
 * `listReturns` and, once per charge key: the group becomes `returned`, its invoices are owed again, the customer is
 * told once (message, e-mail), the vendor hears `payment_group.returned`, and R02/R03/R10 make the bank account
 * unusable (refused by the API, not charged by the jobs). Demo data, today pinned to Wednesday 2026-12-02 (New York).
 */
import { outboxAttachments } from '../../server/repos/outbox.js';
import { pdfText } from './helpers/pdf.js';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { testConfig } from '../../server/config.js';
import { createDb } from '../../server/db/connect.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { issueToken } from '../../server/db/tokens.js';
import { json } from '../../server/db/json.js';
import { recordAchReturns, PAYMENT_RETURNED_EMAIL_SUBJECT } from '../../server/jobs/ach-returns.js';
import { runAutopay } from '../../server/jobs/autopay.js';
import { runPlans } from '../../server/jobs/plans.js';
import { settleDuePaymentGroups } from '../../server/jobs/settlement.js';
import { sandboxAchReturn, sandboxProcessor, sandboxRegistry, SANDBOX_ACH_RETURNS } from '../../server/payments-service/sandbox.js';
import { paymentsDb } from '../../server/payments-service/schema.js';
import { DEMO_EPA } from '../../server/seed/demo.js';
import { expectMatchesContract } from './helpers/contract.js';
import { changePlanMethod } from '../../server/use-cases/change-plan-method.js';
import { changeAutopayMethod } from '../../server/use-cases/update-autopay.js';
import { createPaymentGroupOnce, testAgreement } from './helpers/use-cases.js';

const TODAY = Temporal.PlainDate.from('2026-12-02');
const NOON = new Date('2026-12-02T17:00:00Z'); // 12:00 in New York
const quiet = { warn: () => undefined, error: () => undefined };

describe('the sandbox returns debits of its test accounts 2 business days later', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ seed: false });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('the account number is marked in the token; listReturns answers a return only from its day on (weekends and Federal Reserve holidays skipped)', async () => {
    const sandbox = sandboxProcessor('direct-ach', t.db);
    const tokenOf = async (accountNumber: string) => {
      const outcome = await sandbox.tokenizeBankAccount({ provider: 'direct-ach', routingNumber: '011000015', accountNumber, name: 'Checking' });
      if (!outcome.ok) throw new Error('tokenize failed');
      return outcome.providerToken;
    };
    for (const [number, { code }] of Object.entries(SANDBOX_ACH_RETURNS)) expect(sandboxAchReturn(await tokenOf(number))).toMatchObject({ code });
    expect(sandboxAchReturn(await tokenOf('000123456789'))).toBeNull();

    // Wednesday 2026-11-25 → Thanksgiving (Thu 26) and the weekend are closed: Friday 27, Monday 30
    const r01 = await tokenOf('9900000001');
    expect(await sandbox.debit({ providerToken: r01, amountCents: 1_000, idempotencyKey: 'ret-1', at: new Date('2026-11-25T15:00:00Z') })).toMatchObject({ ok: true });
    // Friday 2026-12-04 → Monday 7, Tuesday 8
    const r10 = await tokenOf('9900000010');
    expect(await sandbox.debit({ providerToken: r10, amountCents: 2_000, idempotencyKey: 'ret-2', at: new Date('2026-12-04T15:00:00Z') })).toMatchObject({ ok: true });
    await sandbox.debit({ providerToken: await tokenOf('000123456789'), amountCents: 3_000, idempotencyKey: 'ret-3', at: new Date('2026-12-04T15:00:00Z') });

    expect(await sandbox.listReturns({ since: '2026-11-01', asOf: '2026-11-27' })).toEqual([]);
    expect(await sandbox.listReturns({ since: '2026-11-01', asOf: '2026-11-30' })).toEqual([
      { idempotencyKey: 'ret-1', chargeId: expect.stringMatching(/^ch_sbx_/), code: 'R01', message: 'Insufficient funds', returnedOn: '2026-11-30' },
    ]);
    expect((await sandbox.listReturns({ since: '2026-11-01', asOf: '2026-12-08' })).map((r) => [r.idempotencyKey, r.code, r.returnedOn])).toEqual([
      ['ret-1', 'R01', '2026-11-30'],
      ['ret-2', 'R10', '2026-12-08'],
    ]);
    // the same window answers the same returns; another provider's adapter answers none of them
    expect(await sandbox.listReturns({ since: '2026-11-01', asOf: '2026-12-08' })).toHaveLength(2);
    expect(await sandboxProcessor('priority-ach', t.db).listReturns({ since: '2026-11-01', asOf: '2026-12-08' })).toEqual([]);
    // the debit itself stays taken (the return is a later event, not a decline)
    expect(await sandbox.lookupCharge('ret-2')).toMatchObject({ ok: true });
  });
});

describe('the returns job', () => {
  let t: TestDb;
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    t = await createTestDb({ seed: true, today: TODAY });
    // the demo's own due groups are charged once, up front, so each test below counts only its own
    await settleDuePaymentGroups(t.db, { now: NOON });
    const config = testConfig();
    app = await buildApp({ db: t.db, config, logger: false });
    await app.ready();
    token = await issueToken(t.db, { contactId: t.demo!.contactId, type: 'login', ttlDays: 7 });
  });
  afterAll(async () => {
    await app?.close();
    await t?.drop();
  });

  const coastal = () => ({ contactId: t.demo!.contactId, vendorId: t.demo!.vendors.coastal, locationId: t.demo!.locations.coastalBlueHeron });
  const coastalPath = () => `/api/vendors/${coastal().vendorId}/locations/${coastal().locationId}`;
  const auth = () => ({ authorization: `ContactAccess ${token}` });
  const invoice = (num: string) =>
    t.db.selectFrom('invoices').select(['id', 'openAmountCents', 'payable', 'status', 'deletedAt']).where('displayInvNum', '=', num).executeTakeFirstOrThrow();
  const group = (id: string) => t.db.selectFrom('paymentGroups').select(['status', 'returnCode', 'paymentTotalCents']).where('id', '=', id).executeTakeFirstOrThrow();
  const count = async (table: 'messages' | 'outbox' | 'webhookEvents' | 'paymentGroupReturns' | 'invoiceJourneys') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => ({
    messages: await count('messages'),
    outbox: await count('outbox'),
    events: await count('webhookEvents'),
    returns: await count('paymentGroupReturns'),
    journeys: await count('invoiceJourneys'),
  });

  async function bankAccount(code: string) {
    const number = Object.entries(SANDBOX_ACH_RETURNS).find(([, r]) => r.code === code)![0];
    const tokenized = await sandboxProcessor('direct-ach', t.db).tokenizeBankAccount({ provider: 'direct-ach', routingNumber: '011000015', accountNumber: number, name: 'Checking' });
    if (!tokenized.ok) throw new Error('tokenize failed');
    return (
      await t.db
        .insertInto('paymentMethods')
        .values({ ...coastal(), provider: 'direct-ach', name: `Returns ${code}`, lastFour: number.slice(-4), providerToken: tokenized.providerToken, verificationRequired: false })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  async function pay(methodId: string, invoiceNums: string[], paymentDate: string, partials: Array<{ num: string; newAmount: number }> = []) {
    const ids = await Promise.all(invoiceNums.map(async (n) => (await invoice(n)).id));
    const partialPayments = await Promise.all(partials.map(async (p) => ({ invoiceId: (await invoice(p.num)).id, amount: '0', newAmount: p.newAmount, reason: 'Discount' })));
    const result = await createPaymentGroupOnce(t.db, {
      ...coastal(),
      idempotencyKey: `returns-${randomBytes(6).toString('hex')}`,
      body: { paymentMethodId: methodId, paymentDate, partialPayments, invoices: ids, epaVersion: DEMO_EPA['direct-ach'].version },
      click2payRequestId: null,
      now: NOON,
    });
    expect(result.status).toBe(201);
    return (result.body as { paymentGroupId: string }).paymentGroupId;
  }

  async function listedMethod(methodId: string) {
    const res = await app.inject({ url: `${coastalPath()}/paymentmethods`, headers: auth() });
    expect(res.statusCode).toBe(200);
    expectMatchesContract('listPaymentMethods', 200, res.json());
    return (res.json().paymentMethods as Array<{ id: string; unusable?: { code: string; message: string } | null }>).find((m) => m.id === methodId)!;
  }

  // Each code: debited Thursday 2026-12-03, returned 2 business days later: Monday 2026-12-07.
  const CASES = [
    { code: 'R01', invoices: ['CPC-10482', 'CPC-10517', 'CPC-10539'], partial: { num: 'CPC-10517', newAmount: 100 }, dispute: 'CPC-10539', disables: false, reason: 'insufficient funds' },
    { code: 'R02', invoices: ['CPC-10566'], disables: true, reason: 'account closed' },
    { code: 'R03', invoices: ['CPC-10590'], disables: true, reason: 'no account found' },
    { code: 'R10', invoices: ['CPC-10612'], disables: true, reason: 'debit not authorized by the account holder' },
  ] as const;

  it.each(CASES)('$code: complete until the return day; then returned once — invoices owed again, one message, one e-mail, one event; the method is $disables unusable', async (c) => {
    const methodId = await bankAccount(c.code);
    const before = new Map(await Promise.all(c.invoices.map(async (n) => [n, await invoice(n)] as const)));
    const partials = 'partial' in c ? [c.partial, { num: c.dispute, newAmount: 0 }] : [];
    const id = await pay(methodId, [...c.invoices], '2026-12-03', partials);

    expect((await settleDuePaymentGroups(t.db, { now: new Date('2026-12-03T15:00:00Z') })).settledGroupIds).toEqual([id]);
    expect(await group(id)).toMatchObject({ status: 'complete', returnCode: null });
    const paid = new Map(await Promise.all(c.invoices.map(async (n) => [n, await invoice(n)] as const)));
    expect(paid.get(c.invoices[0])).toMatchObject({ openAmountCents: 0, status: 'closed', payable: false });

    // the clock before the return day (Friday, and Monday before the day's start in New York): nothing happens
    for (const at of ['2026-12-04T20:00:00Z', '2026-12-07T04:59:00Z']) {
      const early = await recordAchReturns(t.db, { now: new Date(at) });
      expect(early.returnedGroupIds).toEqual([]);
      expect((await group(id)).status).toBe('complete');
    }
    const counted = await counts();

    const run = await recordAchReturns(t.db, { now: new Date('2026-12-07T15:00:00Z'), publicUrl: 'https://portal.example' });
    expect(run.returnedGroupIds).toEqual([id]);
    expect(await group(id)).toMatchObject({ status: 'returned', returnCode: c.code });

    // the invoices are owed again: open amount restored (paid added back), open and payable; a dispute stands
    for (const num of c.invoices) {
      const now = await invoice(num);
      const was = before.get(num)!;
      if ('dispute' in c && num === c.dispute) {
        expect(now).toMatchObject({ openAmountCents: was.openAmountCents, payable: was.payable, status: was.status, deletedAt: null });
        continue;
      }
      expect(now).toMatchObject({ openAmountCents: was.openAmountCents, status: 'open', payable: true, deletedAt: null });
    }
    if ('partial' in c) expect((await invoice(c.partial.num)).openAmountCents).toBe(before.get(c.partial.num)!.openAmountCents);

    const after = await counts();
    const paying = c.invoices.filter((n) => !('dispute' in c) || n !== c.dispute);
    expect(after).toEqual({ ...counted, messages: counted.messages + 1, outbox: counted.outbox + 1, events: counted.events + 1, returns: counted.returns + 1, journeys: counted.journeys + paying.length });
    const first = await invoice(paying[0]);
    const message = await t.db.selectFrom('messages').select(['subject', 'body', 'readAt']).where('invoiceId', '=', first.id).where('subject', '=', 'Payment Failed').orderBy('createdAt', 'desc').executeTakeFirstOrThrow();
    expect(message.body).toContain(`was returned by your bank: ${c.reason} (${c.code})`);
    expect(message.readAt).toBeNull();
    const mail = await t.db.selectFrom('outbox').select(['channel', 'subject', 'body']).where('subject', '=', PAYMENT_RETURNED_EMAIL_SUBJECT).orderBy('createdAt', 'desc').executeTakeFirstOrThrow();
    expect(mail.channel).toBe('email');
    expect(mail.body).toContain(`(${c.code})`);
    expect(mail.body).toMatch(new RegExp(`Pay your invoices: https://portal\\.example/token/[^/]+/vendors/${coastal().vendorId}/locations/${coastal().locationId}`));
    const journeys = await t.db.selectFrom('invoiceJourneys').select(['action', 'detail']).where('invoiceId', '=', first.id).where('action', '=', 'Payment Returned').execute();
    expect(journeys).toEqual([{ action: 'Payment Returned', detail: expect.stringContaining(`was returned by the bank: ${c.reason} (${c.code})`) }]);
    const event = await t.db.selectFrom('webhookEvents').select(['type', 'data']).where('type', '=', 'payment_group.returned').orderBy('seq', 'desc').executeTakeFirstOrThrow();
    const data = (typeof event.data === 'string' ? JSON.parse(event.data) : event.data) as { paymentGroup: { id: string; status: string; returnCode: string } };
    expect(data.paymentGroup).toMatchObject({ id, status: 'returned', returnCode: c.code });

    // the report and detail show it
    const detail = await app.inject({ url: `${coastalPath()}/paymentgroups/${id}/payments`, headers: auth() });
    expect(detail.json().paymentGroup).toMatchObject({ status: 'returned', returnCode: c.code, returnReason: `${c.reason} (${c.code})` });

    // again, and in two concurrent runs: nothing more
    await Promise.all([recordAchReturns(t.db, { now: new Date('2026-12-07T15:00:00Z') }), recordAchReturns(t.db, { now: new Date('2026-12-08T15:00:00Z') })]);
    await recordAchReturns(t.db, { now: new Date('2026-12-09T15:00:00Z') });
    expect(await counts()).toEqual(after);
    expect((await group(id)).status).toBe('returned');

    // the method: R02/R03/R10 unusable and said so; R01 usable
    const listed = await listedMethod(methodId);
    if (c.disables) {
      expect(listed.unusable).toMatchObject({ code: c.code, message: `Can't be used: the bank returned a payment (${c.reason}).` });
    } else {
      expect(listed.unusable ?? null).toBeNull();
    }
    const again = await app.inject({
      method: 'POST',
      url: `${coastalPath()}/paymentgroups`,
      headers: { ...auth(), 'idempotency-key': `again-${c.code}` },
      payload: { paymentMethodId: methodId, paymentDate: '2026-12-08', partialPayments: [], invoices: [first.id], epaVersion: DEMO_EPA['direct-ach'].version },
    });
    if (c.disables) {
      expect(again.statusCode).toBe(422);
      expect(again.json()).toMatchObject({ errorCode: 'payment_method_returned', field: 'paymentMethodId' });
      const autopay = await app.inject({
        method: 'POST',
        url: `${coastalPath()}/autopays`,
        headers: auth(),
        payload: { paymentMethodId: methodId, startDate: '2026-12-02', excludedInvoices: [], epaVersion: DEMO_EPA['direct-ach'].version },
      });
      expect(autopay.statusCode).toBe(422);
      expect(autopay.json()).toMatchObject({ errorCode: 'payment_method_returned' });
    } else {
      // refused for the date only (not a payment day in the real clock's window) or accepted — never for the method
      expect(again.json().errorCode).not.toBe('payment_method_returned');
    }
  });

  it('three runs at once (three pools on PostgreSQL) record a fresh return once: one message, one e-mail, one event', async () => {
    const template = await t.db.selectFrom('invoices').selectAll().where('locationId', '=', coastal().locationId).orderBy('displayInvNum').executeTakeFirstOrThrow();
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = template;
    await t.db
      .insertInto('invoices')
      .values({ ...copy, externalId: 'RET-RACE', displayInvNum: 'RET-RACE', openAmountCents: 7_500, originalAmountCents: 7_500, payable: true, status: 'open', deletedAt: null, extra: JSON.stringify(copy.extra) as never })
      .execute();
    const id = await pay(await bankAccount('R02'), ['RET-RACE'], '2026-12-10');
    await settleDuePaymentGroups(t.db, { now: new Date('2026-12-10T15:00:00Z') });
    expect((await group(id)).status).toBe('complete');
    const extra = t.databaseUrl ? await Promise.all([0, 1, 2].map(() => createDb({ databaseUrl: t.databaseUrl, poolSize: 3 }))) : [];
    try {
      const dbs = extra.length ? extra.map((h) => h.db) : [t.db, t.db, t.db];
      const runs = await Promise.all(dbs.map((db) => recordAchReturns(db, { now: new Date('2026-12-14T15:00:00Z') })));
      expect(runs.flatMap((r) => r.returnedGroupIds).filter((g) => g === id)).toEqual([id]);
    } finally {
      await Promise.all(extra.map((h) => h.close()));
    }
    const race = await invoice('RET-RACE');
    const { confirmationNumber } = await t.db.selectFrom('paymentGroups').select('confirmationNumber').where('id', '=', id).executeTakeFirstOrThrow();
    expect(await t.db.selectFrom('paymentGroupReturns').select('code').where('paymentGroupId', '=', id).execute()).toEqual([{ code: 'R02' }]);
    expect(await t.db.selectFrom('messages').select('id').where('invoiceId', '=', race.id).where('subject', '=', 'Payment Failed').execute()).toHaveLength(1);
    // one notice of the return (the receipts of its scheduling and completion went out before, once each)
    const notices = await t.db.selectFrom('outbox').select('id').where('subject', '=', PAYMENT_RETURNED_EMAIL_SUBJECT).where('body', 'like', `%${confirmationNumber}%`).execute();
    expect(notices).toHaveLength(1);
    expect(await t.db.selectFrom('paymentReceipts').select('event').where('paymentGroupId', '=', id).orderBy('event').execute())
      .toEqual([{ event: 'complete' }, { event: 'returned' }, { event: 'scheduled' }]);
    // the notice is the group's receipt: its PDF says Returned
    const [receipt] = await outboxAttachments(t.db, notices[0].id);
    expect(receipt?.contentType).toBe('application/pdf');
    expect(pdfText(receipt.content).replace(/\s+/g, ' ')).toContain('Returned');
    expect(await t.db.selectFrom('invoiceJourneys').select('id').where('invoiceId', '=', race.id).where('action', '=', 'Payment Returned').execute()).toHaveLength(1);
    const events = await t.db.selectFrom('webhookEvents').select('data').where('type', '=', 'payment_group.returned').execute();
    expect(events.filter((e) => JSON.stringify(e.data).includes(id))).toHaveLength(1);
    expect(await invoice('RET-RACE')).toMatchObject({ openAmountCents: 7_500, status: 'open', payable: true, deletedAt: null });
  });

  it('a payment scheduled with a method that became unusable is not debited on its date: it fails through the failure path', async () => {
    const methodId = await bankAccount('R02');
    const id = await pay(methodId, ['1047'], '2026-12-08');
    await t.db.updateTable('paymentMethods').set({ returnedCode: 'R02', unusableSince: NOON }).where('id', '=', methodId).execute();
    const run = await settleDuePaymentGroups(t.db, { now: new Date('2026-12-08T15:00:00Z'), log: quiet });
    expect(run.declinedGroupIds).toEqual([id]);
    expect((await group(id)).status).toBe('failed');
    expect(await paymentsDb(t.db).selectFrom('sandboxCharges').select('id').where('idempotencyKey', 'like', `pg_${id}_%`).execute()).toEqual([]);
    expect(await invoice('1047')).toMatchObject({ status: 'open', payable: true });
    const message = await t.db.selectFrom('messages').select('body').where('invoiceId', '=', (await invoice('1047')).id).where('subject', '=', 'Payment Failed').executeTakeFirstOrThrow();
    expect(message.body).toContain('the bank returned an earlier payment from this account (account closed)');
  });

  it('a return of a debit whose answer is not recorded yet (group still processing) waits for a later run', async () => {
    const methodId = await bankAccount('R01');
    const id = await pay(methodId, ['CPC-10488-REBILL-2'], '2026-12-09');
    // the process dies after the processor answered: the group stays processing
    await settleDuePaymentGroups(t.db, {
      now: new Date('2026-12-09T15:00:00Z'),
      log: quiet,
      afterProcessorAnswer: () => {
        throw new Error('killed');
      },
    });
    expect((await group(id)).status).toBe('processing');
    const early = await recordAchReturns(t.db, { now: new Date('2026-12-11T15:00:00Z'), processors: sandboxRegistry(t.db) });
    expect(early.returnedGroupIds).not.toContain(id);
    expect((await group(id)).status).toBe('processing');
    // settlement resolves it by its key, then the return is recorded
    await settleDuePaymentGroups(t.db, { now: new Date('2026-12-11T15:00:00Z') });
    expect((await group(id)).status).toBe('complete');
    expect((await recordAchReturns(t.db, { now: new Date('2026-12-11T15:00:00Z') })).returnedGroupIds).toContain(id);
    expect(await group(id)).toMatchObject({ status: 'returned', returnCode: 'R01' });
  });
});

describe('a returned bank account is refused for an AutoPay or plan method change (the one check, usableMethod)', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ seed: true, today: TODAY });
  });
  afterAll(async () => {
    await t?.drop();
  });

  async function returnedMethod(locationId: string, code: string | null) {
    return (
      await t.db
        .insertInto('paymentMethods')
        .values({
          contactId: t.demo!.contactId, vendorId: t.demo!.vendors.pfg, locationId, provider: 'priority-ach', name: `Closed ${code}`, lastFour: '0002',
          verificationRequired: false, providerToken: `sbx_priority-ach_ba_${randomBytes(6).toString('hex')}`, returnedCode: code, unusableSince: code ? NOON : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  it('422 payment_method_returned for R02/R03/R10 — nothing changes; R01 (never marked) is accepted', async () => {
    const d = t.demo!;
    const epaVersion = DEMO_EPA['priority-ach'].version;
    const autopay = await t.db.selectFrom('autopays').select(['id', 'paymentMethodId']).where('locationId', '=', d.locations.blueHeron).where('deletedAt', 'is', null).executeTakeFirstOrThrow();
    const plan = await t.db.selectFrom('paymentPlans').select(['id', 'paymentMethodId']).where('locationId', '=', d.locations.harborStreet).where('status', '=', 'active').executeTakeFirstOrThrow();
    for (const code of ['R02', 'R03', 'R10']) {
      const onAutopay = await changeAutopayMethod(t.db, { contactId: d.contactId, vendorId: d.vendors.pfg, locationId: d.locations.blueHeron, tokenRequestId: null }, autopay.id, { paymentMethodId: await returnedMethod(d.locations.blueHeron, code), epaVersion }, testAgreement(), NOON);
      expect(onAutopay).toMatchObject({ ok: false, refusal: { kind: 'unprocessable', code: 'payment_method_returned', field: 'paymentMethodId' } });
      const onPlan = await changePlanMethod(t.db, { contactId: d.contactId, vendorId: d.vendors.pfg, locationId: d.locations.harborStreet }, plan.id, { paymentMethodId: await returnedMethod(d.locations.harborStreet, code), epaVersion }, testAgreement(), NOON);
      expect(onPlan).toMatchObject({ ok: false, refusal: { kind: 'unprocessable', code: 'payment_method_returned' } });
    }
    expect(await t.db.selectFrom('autopays').select('paymentMethodId').where('id', '=', autopay.id).executeTakeFirstOrThrow()).toEqual({ paymentMethodId: autopay.paymentMethodId });
    expect(await t.db.selectFrom('paymentPlans').select('paymentMethodId').where('id', '=', plan.id).executeTakeFirstOrThrow()).toEqual({ paymentMethodId: plan.paymentMethodId });
    const usable = await returnedMethod(d.locations.harborStreet, null);
    const accepted = await changePlanMethod(t.db, { contactId: d.contactId, vendorId: d.vendors.pfg, locationId: d.locations.harborStreet }, plan.id, { paymentMethodId: usable, epaVersion }, testAgreement(), NOON);
    expect(accepted.ok).toBe(true);
  });
});

describe('the AutoPay and plans of a bank account returned R02/R03/R10 are paused: the jobs do not debit it', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ seed: true, today: TODAY });
  });
  afterAll(async () => {
    await t?.drop();
  });
  const ctx = (iso: string) => ({ db: t.db, now: new Date(iso), log: { info: () => undefined, ...quiet }, publicUrl: 'http://portal.test' });

  /** A fresh location of the demo vendor with a bank account (returned `code`, or usable) and one invoice. */
  async function place(code: string | null, n: number) {
    const vendorId = t.demo!.vendors.pfg;
    const contactId = t.demo!.contactId;
    const location = await t.db.insertInto('locations').values({ vendorId, displayName: `Returns ${n}`, address: json(null), createType: null }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('contactLocations').values({ contactId, vendorId, locationId: location.id }).execute();
    const method = await t.db
      .insertInto('paymentMethods')
      .values({
        contactId, vendorId, locationId: location.id, provider: 'priority-ach', name: 'Checking', lastFour: '0002', verificationRequired: false,
        providerToken: `sbx_priority-ach_ba_${randomBytes(6).toString('hex')}`, returnedCode: code, unusableSince: code ? NOON : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const invoice = await t.db
      .insertInto('invoices')
      .values({
        vendorId, locationId: location.id, externalId: `RT-${n}`, displayInvNum: `RT-${n}`, openAmountCents: 5_000, originalAmountCents: 5_000,
        dueDate: '2027-01-05', invoiceDate: null, externalInvoiceDate: null, poRefId: null, createType: null, externalUrl: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { vendorId, contactId, locationId: location.id, methodId: method.id, invoiceId: invoice.id };
  }

  it('AutoPay is paused: no charge claimed, no group, no retry spent, no notice per invoice (the return told the customer once)', async () => {
    const p = await place('R03', 1);
    await t.db.insertInto('autopays').values({ vendorId: p.vendorId, locationId: p.locationId, contactId: p.contactId, paymentMethodId: p.methodId, startDate: '2027-01-04' }).execute();
    await runAutopay(ctx('2027-01-05T17:00:00Z'));
    await runAutopay(ctx('2027-01-08T18:00:00Z'));
    expect(await t.db.selectFrom('paymentGroups').select('id').where('locationId', '=', p.locationId).execute()).toEqual([]);
    expect(await t.db.selectFrom('autopayCharges').select('id').where('invoiceId', '=', p.invoiceId).execute()).toEqual([]);
    expect(await t.db.selectFrom('messages').select(['subject', 'body']).where('locationId', '=', p.locationId).execute()).toEqual([]);
    expect(await t.db.selectFrom('outbox').select('id').where('body', 'like', '%invoice RT-1%').execute()).toHaveLength(0);
  });

  it('a plan is paused: no installment is made for the returned account; a usable account is debited', async () => {
    const plans = [];
    for (const [n, code] of [[2, 'R10'], [3, null]] as const) {
      const p = await place(code, n);
      const plan = await t.db
        .insertInto('paymentPlans')
        .values({
          vendorId: p.vendorId, locationId: p.locationId, contactId: p.contactId, requestId: null, name: `Plan ${n}`, status: 'active', totalAmountCents: 5_000,
          eachAmountCents: 5_000, frequency: 'weekly', startDate: '2027-01-05', paymentMethodId: p.methodId, invoiceIds: json([p.invoiceId]),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      plans.push({ ...p, planId: plan.id, code });
    }
    await runPlans(ctx('2027-01-05T15:00:00Z'));
    await settleDuePaymentGroups(t.db, { now: new Date('2027-01-05T16:00:00Z'), log: quiet });
    for (const p of plans) {
      const groups = await t.db.selectFrom('paymentGroups').select(['id', 'status']).where('paymentPlanId', '=', p.planId).execute();
      if (p.code) {
        expect(groups).toEqual([]);
        expect(await t.db.selectFrom('messages').select('body').where('invoiceId', '=', p.invoiceId).execute()).toEqual([]);
        expect(await t.db.selectFrom('invoices').select(['payable', 'status']).where('id', '=', p.invoiceId).executeTakeFirstOrThrow()).toEqual({ payable: true, status: 'open' });
      } else {
        expect(groups.map((g) => g.status)).toEqual(['complete']);
        const debits = await paymentsDb(t.db).selectFrom('sandboxCharges').select('id').where('idempotencyKey', 'like', `pg_${groups[0].id}_%`).execute();
        expect(debits).toHaveLength(1);
      }
    }
  });
});
