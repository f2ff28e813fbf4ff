// @vitest-environment node
/**
 * Refunds by the vendor (`POST /payment-groups/{id}/refunds`, the refunds job): a completed card payment refunded by
 * line, by amount and in full through the sandbox processor's refund ledger, exactly once; never more than was
 * charged — two refunds of half sent at once leave one, three of 60% racing leave one; the invoices reopen when the
 * vendor says so; the customer gets a refund receipt e-mail with its PDF; refund.created/succeeded/failed; a refused
 * refund (the sandbox's refund-decline card) is refund_failed and frees its amount; a crash between the processor's
 * answer and the write is resolved by lookup, with one refund in the ledger; an ACH refund made on a Saturday waits for
 * Monday.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { testConfig } from '../../server/config.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { processDueRefunds } from '../../server/jobs/refunds.js';
import { settleDuePaymentGroups } from '../../server/jobs/settlement.js';
import { DEMO_EPA } from '../../server/seed/demo.js';
import { createApiKey } from '../../server/use-cases/vendor-keys.js';
import { schedulePaymentOnce } from '../../server/use-cases/schedule-payment.js';
import { expectMatchesContract, expectMatchesVendorContract } from './helpers/contract.js';
import { issueToken } from '../../server/db/tokens.js';
import { pdfText } from './helpers/pdf.js';
import { testAgreement } from './helpers/use-cases.js';

const NOON = new Date('2026-12-02T17:00:00Z'); // Wednesday 12:00 in New York
const AFTER = new Date('2026-12-03T17:00:00Z'); // Thursday: the payments below are charged
let t: TestDb;
let app: FastifyInstance;
let key: string;
let n = 0;

async function call(operationId: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await app.inject({ method, url: `/vendor-api${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = res.body ? res.json() : undefined;
  expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}

/**
 * A payment of the demo contact at the PFG Blue Heron location, charged: invoices of `amounts` (cents), paid in full
 * with a card (or a bank account) saved from `token` — the group, completed by settlement, and its invoices.
 */
async function completedPayment(amounts: number[], kind: 'card' | 'card_refund_fails' | 'ba' = 'card') {
  const d = t.demo!;
  const at = { contactId: d.contactId, vendorId: d.vendors.pfg, locationId: d.locations.blueHeron };
  const template = await t.db.selectFrom('invoices').selectAll().where('locationId', '=', at.locationId).orderBy('displayInvNum').executeTakeFirstOrThrow();
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = template;
  const invoices = [];
  for (const cents of amounts) {
    n += 1;
    invoices.push(
      await t.db
        .insertInto('invoices')
        .values({ ...copy, externalId: `RF-${n}`, displayInvNum: `RF-${n}`, openAmountCents: cents, originalAmountCents: cents, payable: true, status: 'open', deletedAt: null, extra: JSON.stringify(copy.extra) as never })
        .returning(['id', 'displayInvNum'])
        .executeTakeFirstOrThrow(),
    );
  }
  const provider = kind === 'ba' ? 'direct-ach' : 'priority-cc';
  const method = await t.db
    .insertInto('paymentMethods')
    .values({
      ...at, provider, name: kind === 'ba' ? 'Refund Checking' : 'Refund Visa', lastFour: '4242',
      providerToken: `sbx_${provider}_${kind}_${randomBytes(8).toString('hex')}`, ...(kind === 'ba' ? { verificationRequired: false } : { serviceFee: '0' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const scheduled = await schedulePaymentOnce(t.db, {
    ...at, idempotencyKey: `rf-${n}`,
    body: { paymentMethodId: method.id, paymentDate: '2026-12-03', partialPayments: [], invoices: invoices.map((i) => i.id), epaVersion: DEMO_EPA[provider].version },
    click2payRequestId: null, agreement: testAgreement(), now: NOON,
  });
  if (!scheduled.ok) throw new Error(JSON.stringify(scheduled.refusal));
  await settleDuePaymentGroups(t.db, { now: AFTER });
  const group = await t.db.selectFrom('paymentGroups').select(['id', 'status', 'paymentTotalCents']).where('idempotencyKey', '=', `rf-${n}`).executeTakeFirstOrThrow();
  expect(group.status).toBe('complete');
  return { groupId: group.id, invoices };
}

const ledger = async (groupId: string) =>
  (
    await sql<{ n: number; sum: number }>`select count(*)::int as n, coalesce(sum(r.amount_cents), 0)::int as sum from sandbox_refunds r
      join payment_group_charges c on c.idempotency_key = r.charge_idempotency_key where c.payment_group_id = ${groupId} and r.outcome = 'succeeded'`.execute(t.db)
  ).rows[0]!;
const eventsOf = async (type: string) => (await t.db.selectFrom('webhookEvents').select('data').where('type', '=', type).orderBy('seq').execute()).map((e) => e.data as { refund: { id: string; status: string } });
const invoice = (id: string) => t.db.selectFrom('invoices').select(['openAmountCents', 'status', 'payable', 'deletedAt']).where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestDb({ seed: true });
  app = await buildApp({ db: t.db, config: testConfig(), logger: false });
  await app.ready();
  const created = await createApiKey(t.db, t.demo!.vendors.pfg, 'refunds');
  if (!created.ok) throw new Error('no key');
  key = created.value.secret;
}, 60_000);
afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('refunding a completed card payment', () => {
  it('one line in part, reopened: pending, then refunded by the job once; the invoice is owed that part again; receipt e-mail with its PDF; events', async () => {
    const { groupId, invoices } = await completedPayment([10_000, 5_000]);
    const created = await call('createRefund', 'POST', `/payment-groups/${groupId}/refunds`, { lines: [{ invoiceId: invoices[0].id, amount: 40 }], reopenInvoices: true, reason: 'Damaged goods returned.' });
    expect(created.status).toBe(201);
    // a card refund goes out the day it is made (the vendor's day)
    const today = Temporal.Now.zonedDateTimeISO('America/New_York').toPlainDate().toString();
    expect(created.body).toMatchObject({ status: 'refund_pending', amount: 40, serviceFee: 0, reopenInvoices: true, sendOn: today });
    expect(created.body.lines).toEqual([{ invoiceId: invoices[0].id, invoiceExternalId: invoices[0].displayInvNum, displayInvNum: invoices[0].displayInvNum, amount: 40 }]);
    expect((await eventsOf('refund.created')).map((e) => e.refund.id)).toContain(created.body.id);
    expect((await invoice(invoices[0].id)).status).toBe('closed');

    const mailsBefore = await t.db.selectFrom('outbox').select('id').execute();
    const first = await processDueRefunds(t.db, { now: new Date() });
    expect(first.refundedIds).toEqual([created.body.id]);
    // a second run, and a third: nothing more
    expect((await processDueRefunds(t.db, { now: new Date() })).refundedIds).toEqual([]);
    expect(await ledger(groupId)).toEqual({ n: 1, sum: 4_000 });

    const got = await call('getRefund', 'GET', `/refunds/${created.body.id}`);
    expect(got.body).toMatchObject({ status: 'refunded', failure: null });
    expect(got.body.processorRefundId).toMatch(/^re_sbx_/);
    expect(await invoice(invoices[0].id)).toMatchObject({ openAmountCents: 4_000, status: 'open', payable: true, deletedAt: null });
    expect(await invoice(invoices[1].id)).toMatchObject({ openAmountCents: 0, status: 'closed' });
    expect((await eventsOf('refund.succeeded')).map((e) => e.refund.id)).toEqual([created.body.id]);

    const mails = await t.db.selectFrom('outbox').select(['id', 'subject', 'body']).where('id', 'not in', mailsBefore.map((m) => m.id)).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^Refund receipt — payment PP-/);
    expect(mails[0].body).toContain(`Invoice ${invoices[0].displayInvNum}: $40.00`);
    expect(mails[0].body).toContain('Total refunded: $40.00');
    expect(mails[0].body).toContain('Reason: Damaged goods returned.');
    const attachment = await t.db.selectFrom('outboxAttachments').select(['filename', 'content']).where('outboxId', '=', mails[0].id).executeTakeFirstOrThrow();
    expect(attachment.filename).toMatch(/^receipt-refund-PP-.*\.pdf$/);
    const text = pdfText(Buffer.from(attachment.content)).replace(/\s+/g, ' ');
    expect(text).toContain('Refund Receipt');
    expect(text).toContain('$40.00');

    const list = await call('listPaymentGroupRefunds', 'GET', `/payment-groups/${groupId}/refunds`);
    expect(list.body.refunds.map((r: { id: string }) => r.id)).toEqual([created.body.id]);

    // the customer sees it: the payment detail lists the refund, the report's payment says what was given back
    const d = t.demo!;
    const token = await issueToken(t.db, { contactId: d.contactId, vendorId: d.vendors.pfg, locationId: d.locations.blueHeron, type: 'login', ttlDays: 1 });
    const portal = `/api/vendors/${d.vendors.pfg}/locations/${d.locations.blueHeron}/paymentgroups`;
    const detail = await app.inject({ url: `${portal}/${groupId}/payments`, headers: { authorization: `ContactAccess ${token}` } });
    expectMatchesContract('getPaymentGroupPayments', detail.statusCode, detail.json());
    expect(detail.json().refunds).toEqual([{ id: created.body.id, amount: 40, status: 'refunded', reason: 'Damaged goods returned.', createdAt: expect.any(String), refundedAt: expect.any(String) }]);
    expect(detail.json().paymentGroup.refundedAmount).toBe(40);
    const report = await app.inject({ url: portal, headers: { authorization: `ContactAccess ${token}` } });
    expectMatchesContract('listPaymentGroups', report.statusCode, report.json());
    expect(report.json().paymentGroups.find((g: { id: string }) => g.id === groupId).refundedAmount).toBe(40);
  });

  it('never more than was charged: two refunds of half sent at once both fit; a third is refused; three of 60% racing leave one', async () => {
    const { groupId } = await completedPayment([8_000]);
    const half = await Promise.all([0, 1].map(() => call('createRefund', 'POST', `/payment-groups/${groupId}/refunds`, { amount: 40, reason: 'Half back.' })));
    expect(half.map((h) => h.status)).toEqual([201, 201]);
    const more = await call('createRefund', 'POST', `/payment-groups/${groupId}/refunds`, { amount: 0.01, reason: 'A cent more.' });
    expect(more.status).toBe(422);
    expect(more.body).toMatchObject({ errorCode: 'nothing_to_refund' });

    const other = await completedPayment([8_000]);
    const racing = await Promise.all([0, 1, 2].map(() => call('createRefund', 'POST', `/payment-groups/${other.groupId}/refunds`, { amount: 48, reason: 'Sixty percent.' })));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    for (const refused of racing.filter((r) => r.status === 422)) expect(refused.body).toMatchObject({ errorCode: 'exceeds_refundable', field: 'amount' });
    await processDueRefunds(t.db, { now: new Date() });
    expect(await ledger(groupId)).toEqual({ n: 2, sum: 8_000 });
    expect(await ledger(other.groupId)).toEqual({ n: 1, sum: 4_800 });
  });

  it('half a payment refunded twice at once with one Idempotency-Key (a retry racing the first): one refund, the same answer twice', async () => {
    const { groupId } = await completedPayment([6_000]);
    const send = () =>
      app.inject({
        method: 'POST',
        url: `/vendor-api/payment-groups/${groupId}/refunds`,
        headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'refund-half-once' },
        payload: { amount: 30, reason: 'Half back.' },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    expect(await t.db.selectFrom('refunds').select('id').where('paymentGroupId', '=', groupId).execute()).toHaveLength(1);
    await processDueRefunds(t.db, { now: new Date() });
    expect(await ledger(groupId)).toEqual({ n: 1, sum: 3_000 });
  });

  it('refused by rule, nothing written: too much of a line, an invoice it did not pay, both lines and amount, reopening with a bare amount, a payment not completed, another vendor’s', async () => {
    const { groupId, invoices } = await completedPayment([3_000]);
    const before = await t.db.selectFrom('refunds').select('id').execute();
    const cases: Array<[unknown, string, string?]> = [
      [{ lines: [{ invoiceId: invoices[0].id, amount: 30.01 }], reason: 'x' }, 'exceeds_line', 'lines[0].amount'],
      [{ lines: [{ invoiceId: '00000000-0000-4000-8000-000000000000', amount: 1 }], reason: 'x' }, 'unknown_line', 'lines[0].invoiceId'],
      [{ lines: [{ invoiceId: invoices[0].id, amount: 1 }], amount: 1, reason: 'x' }, 'lines_or_amount', 'amount'],
      [{ amount: 1, reopenInvoices: true, reason: 'x' }, 'lines_required', 'reopenInvoices'],
      [{ amount: 30.01, reason: 'x' }, 'exceeds_refundable', 'amount'],
    ];
    for (const [body, code, field] of cases) {
      const res = await call('createRefund', 'POST', `/payment-groups/${groupId}/refunds`, body);
      expect(res.status, code).toBe(422);
      expect(res.body, code).toMatchObject({ errorCode: code, ...(field ? { field } : {}) });
    }
    const threeDecimals = await call('createRefund', 'POST', `/payment-groups/${groupId}/refunds`, { amount: 1.005, reason: 'x' });
    expect(threeDecimals.status).toBe(400);
    const notComplete = await t.db.selectFrom('paymentGroups').select(['id', 'status']).where('vendorId', '=', t.demo!.vendors.pfg).where('status', '!=', 'complete').execute();
    expect(notComplete.length).toBeGreaterThan(0);
    for (const group of notComplete) {
      expect((await call('createRefund', 'POST', `/payment-groups/${group.id}/refunds`, { reason: 'x' })).body, group.status).toMatchObject({ errorCode: 'not_refundable' });
    }
    const theirs = await t.db.selectFrom('paymentGroups').select('id').where('vendorId', '=', t.demo!.vendors.coastal).executeTakeFirstOrThrow();
    expect((await call('createRefund', 'POST', `/payment-groups/${theirs.id}/refunds`, { reason: 'x' })).status).toBe(404);
    expect(await t.db.selectFrom('refunds').select('id').execute()).toHaveLength(before.length);
  });

  it('in full: each line and the fee; the invoices stay paid unless reopened', async () => {
    const { groupId, invoices } = await completedPayment([2_000, 1_000]);
    const full = await call('createRefund', 'POST', `/payment-groups/${groupId}/refunds`, { reason: 'Order canceled.' });
    expect(full.body).toMatchObject({ amount: 30, reopenInvoices: false });
    expect(full.body.lines.map((l: { amount: number }) => l.amount).sort()).toEqual([10, 20]);
    await processDueRefunds(t.db, { now: new Date() });
    expect(await ledger(groupId)).toEqual({ n: 1, sum: 3_000 });
    for (const i of invoices) expect((await invoice(i.id)).status).toBe('closed');
  });
});

describe('a refund the processor refuses, and a crash in between', () => {
  it('the refund-decline card: refund_failed with the code, refund.failed, no e-mail; its amount can be refunded again', async () => {
    const { groupId } = await completedPayment([5_000], 'card_refund_fails');
    const created = await call('createRefund', 'POST', `/payment-groups/${groupId}/refunds`, { amount: 50, reason: 'Try.' });
    const mailsBefore = (await t.db.selectFrom('outbox').select('id').execute()).length;
    const run = await processDueRefunds(t.db, { now: new Date() });
    expect(run.failedIds).toEqual([created.body.id]);
    const got = await call('getRefund', 'GET', `/refunds/${created.body.id}`);
    expect(got.body).toMatchObject({ status: 'refund_failed', failure: { code: 'refund_declined' }, processorRefundId: null });
    expect((await eventsOf('refund.failed')).map((e) => e.refund.id)).toContain(created.body.id);
    expect((await t.db.selectFrom('outbox').select('id').execute()).length).toBe(mailsBefore);
    expect((await call('createRefund', 'POST', `/payment-groups/${groupId}/refunds`, { amount: 50, reason: 'Again.' })).status).toBe(201);
  });

  it('a run that dies after the processor answered leaves it pending; the next run finds the outcome by its key: one refund in the ledger', async () => {
    const { groupId } = await completedPayment([6_000]);
    const created = await call('createRefund', 'POST', `/payment-groups/${groupId}/refunds`, { amount: 25, reason: 'Crash.' });
    const dying = await processDueRefunds(t.db, {
      now: new Date(),
      afterProcessorAnswer: () => {
        throw new Error('the process died');
      },
    });
    expect(dying.erroredIds).toContain(created.body.id);
    expect((await call('getRefund', 'GET', `/refunds/${created.body.id}`)).body.status).toBe('refund_pending');
    expect(await ledger(groupId)).toEqual({ n: 1, sum: 2_500 });
    const next = await processDueRefunds(t.db, { now: new Date() });
    expect(next.refundedIds).toEqual([created.body.id]);
    expect(await ledger(groupId)).toEqual({ n: 1, sum: 2_500 });
  });
});

describe('ACH refunds follow the Federal Reserve calendar', () => {
  it('a bank debit refunded on a Saturday goes out on Monday', async () => {
    const { groupId } = await completedPayment([4_000], 'ba');
    const saturday = new Date('2026-12-05T15:00:00Z');
    // the API uses the real clock: write it as made on Saturday by the use case itself
    const { createVendorRefund } = await import('../../server/use-cases/vendor-refund.js');
    const made = await createVendorRefund(t.db, t.demo!.vendors.pfg, groupId, { amountCents: 1_000, reason: 'Weekend.' }, saturday);
    if (!made.ok) throw new Error(JSON.stringify(made.refusal));
    expect(made.value.sendOn).toBe('2026-12-07');
    expect((await processDueRefunds(t.db, { now: saturday })).refundedIds).not.toContain(made.value.id);
    expect((await processDueRefunds(t.db, { now: new Date('2026-12-06T15:00:00Z') })).refundedIds).not.toContain(made.value.id);
    expect((await processDueRefunds(t.db, { now: new Date('2026-12-07T15:00:00Z') })).refundedIds).toContain(made.value.id);
    expect(await ledger(groupId)).toEqual({ n: 1, sum: 1_000 });
  });
});
