// @vitest-environment node
/**
 * Money that moves: settlement charges each due payment group through the processor adapter (the sandbox), exactly
 * once, and records complete or failed. The charges are counted at the SANDBOX PROCESSOR (its ledger
 * `sandbox_charges`), not in the portal's rows. Demo data, today pinned to Wednesday 2026-12-02 (New York).
 */
import { randomBytes } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { settleDuePaymentGroups } from '../../server/jobs/settlement.js';
import type { ChargeOutcome, ProcessorRegistry } from '../../server/payments-service/processor.js';
import { sandboxProcessor, sandboxRegistry } from '../../server/payments-service/sandbox.js';
import { paymentsDb } from '../../server/payments-service/schema.js';
import { createPaymentGroupOnce } from './helpers/use-cases.js';
import { runAutopay } from '../../server/jobs/autopay.js';
import { json } from '../../server/db/json.js';

const TODAY = Temporal.PlainDate.from('2026-12-02');
const NOON = new Date('2026-12-02T17:00:00Z'); // 12:00 in New York
const sandboxToken = (declines: boolean) => `sbx_priority-cc_card${declines ? '_declines' : ''}_${randomBytes(8).toString('hex')}`;

describe('the sandbox processor charges once per idempotency key', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ seed: false });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('the same key answers the first outcome and takes no second charge; lookupCharge finds it; a charge-decline card is declined', async () => {
    const sandbox = sandboxProcessor('priority-cc', t.db);
    expect(await sandbox.lookupCharge('k-1')).toBeNull();
    const first = await sandbox.charge({ providerToken: sandboxToken(false), amountCents: 1_234, idempotencyKey: 'k-1' });
    expect(first).toMatchObject({ ok: true, chargeId: expect.stringMatching(/^ch_sbx_/) });
    expect(await sandbox.charge({ providerToken: sandboxToken(false), amountCents: 1_234, idempotencyKey: 'k-1' })).toEqual(first);
    expect(await sandbox.lookupCharge('k-1')).toEqual(first);
    const declined = await sandbox.charge({ providerToken: sandboxToken(true), amountCents: 500, idempotencyKey: 'k-2' });
    expect(declined).toMatchObject({ ok: false, code: 'card_declined' });
    expect(await sandbox.lookupCharge('k-2')).toEqual(declined);
    expect(await sandboxProcessor('direct-ach', t.db).debit({ providerToken: 'sbx_direct-ach_ba_x', amountCents: 99, idempotencyKey: 'k-3' })).toMatchObject({ ok: true });
    const rows = await paymentsDb(t.db).selectFrom('sandboxCharges').select(['idempotencyKey', 'kind', 'amountCents', 'outcome']).orderBy('idempotencyKey').execute();
    expect(rows).toEqual([
      { idempotencyKey: 'k-1', kind: 'card', amountCents: 1_234, outcome: 'succeeded' },
      { idempotencyKey: 'k-2', kind: 'card', amountCents: 500, outcome: 'declined' },
      { idempotencyKey: 'k-3', kind: 'ach', amountCents: 99, outcome: 'succeeded' },
    ]);
  });
});

describe('settlement charges through the processor adapter', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ seed: true, today: TODAY });
    // the demo's own due groups are charged once, up front, so each test below counts only its own
    await settleDuePaymentGroups(t.db, { now: NOON });
  });
  afterAll(async () => {
    await t?.drop();
  });

  const invoice = (num: string) =>
    t.db.selectFrom('invoices').select(['id', 'openAmountCents', 'payable', 'status', 'deletedAt']).where('displayInvNum', '=', num).executeTakeFirstOrThrow();
  const group = (id: string) =>
    t.db.selectFrom('paymentGroups').select(['status', 'paymentTotalCents']).where('id', '=', id).executeTakeFirstOrThrow();
  /** what the processor took for the group, by its ledger */
  const sandboxCharges = (groupId: string) =>
    paymentsDb(t.db).selectFrom('sandboxCharges').select(['amountCents', 'outcome', 'idempotencyKey']).where('idempotencyKey', 'like', `pg_${groupId}_%`).execute();

  async function cardMethod(declines: boolean) {
    const d = t.demo!;
    return (
      await t.db
        .insertInto('paymentMethods')
        .values({
          contactId: d.contactId, vendorId: d.vendors.coastal, locationId: d.locations.coastalBlueHeron, provider: 'priority-cc',
          name: declines ? 'Declining Visa' : 'Visa', lastFour: declines ? '0341' : '4242', providerToken: sandboxToken(declines), serviceFee: '3.5',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  async function schedule(invoiceNums: string[], paymentDate: string, options: { declines?: boolean; partials?: Array<{ num: string; newAmount: number }> } = {}) {
    const d = t.demo!;
    const methodId = await cardMethod(options.declines ?? false);
    const ids = await Promise.all(invoiceNums.map(async (n) => (await invoice(n)).id));
    const partialPayments = await Promise.all(
      (options.partials ?? []).map(async (p) => ({ invoiceId: (await invoice(p.num)).id, amount: '0', newAmount: p.newAmount, reason: 'Discount' })),
    );
    const result = await createPaymentGroupOnce(t.db, {
      contactId: d.contactId,
      vendorId: d.vendors.coastal,
      locationId: d.locations.coastalBlueHeron,
      idempotencyKey: `charge-${invoiceNums.join('-')}-${paymentDate}`,
      body: { paymentMethodId: methodId, paymentDate, partialPayments, invoices: ids, epaVersion: '2' },
      click2payRequestId: null,
      now: NOON,
    });
    expect(result.status).toBe(201);
    return (result.body as { paymentGroupId: string }).paymentGroupId;
  }

  it('a due card group is charged once at the processor (its total, fee included), completes, and its invoice closes', async () => {
    const id = await schedule(['CPC-10482'], '2026-12-03');
    expect((await settleDuePaymentGroups(t.db, { now: NOON })).settledGroupIds).not.toContain(id); // not due yet
    expect(await sandboxCharges(id)).toEqual([]);
    const run = await settleDuePaymentGroups(t.db, { now: new Date('2026-12-03T15:00:00Z') });
    expect(run.settledGroupIds).toContain(id);
    const { status, paymentTotalCents } = await group(id);
    expect(status).toBe('complete');
    expect(await sandboxCharges(id)).toEqual([{ amountCents: paymentTotalCents, outcome: 'succeeded', idempotencyKey: `pg_${id}_1` }]);
    expect(await invoice('CPC-10482')).toMatchObject({ openAmountCents: 0, status: 'closed', payable: false });
    // a later run charges nothing more
    await settleDuePaymentGroups(t.db, { now: new Date('2026-12-04T15:00:00Z') });
    expect(await sandboxCharges(id)).toHaveLength(1);
  });

  it('a card declined at charge time: the group fails, its invoices are payable again (a dispute stands), one message, one e-mail, a journey entry, payment_group.failed', async () => {
    const before = await invoice('CPC-10517');
    const disputedBefore = await invoice('CPC-10539');
    const id = await schedule(['CPC-10517', 'CPC-10539'], '2026-12-04', { declines: true, partials: [{ num: 'CPC-10539', newAmount: 0 }] });
    expect(await invoice('CPC-10517')).toMatchObject({ payable: false, status: 'scheduled' });
    const outboxBefore = Number((await t.db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    const run = await settleDuePaymentGroups(t.db, { now: new Date('2026-12-04T15:00:00Z'), publicUrl: 'https://portal.example' });
    expect(run.declinedGroupIds).toEqual([id]);
    expect((await group(id)).status).toBe('failed');
    expect(await sandboxCharges(id)).toEqual([expect.objectContaining({ outcome: 'declined' })]);
    // nothing was taken: the invoice is as open as before and can be paid again
    expect(await invoice('CPC-10517')).toMatchObject({ openAmountCents: before.openAmountCents, payable: true, status: 'open', deletedAt: null });
    expect(await invoice('CPC-10539')).toMatchObject({ openAmountCents: disputedBefore.openAmountCents, payable: disputedBefore.payable, status: disputedBefore.status });

    const messages = await t.db.selectFrom('messages').select(['subject', 'body', 'invoiceId', 'readAt']).where('subject', '=', 'Payment Failed').where('invoiceId', '=', before.id).execute();
    expect(messages).toHaveLength(1);
    expect(messages[0].body).toContain('could not be processed');
    expect(messages[0].readAt).toBeNull();
    const outbox = await t.db.selectFrom('outbox').select(['channel', 'subject', 'body']).orderBy('createdAt').execute();
    expect(outbox.length - outboxBefore).toBe(1);
    const mail = outbox.find((m) => m.subject === 'Your payment could not be processed')!;
    expect(mail.channel).toBe('email');
    expect(mail.body).toMatch(new RegExp(`https://portal\\.example/token/[^/]+/vendors/${t.demo!.vendors.coastal}/locations/${t.demo!.locations.coastalBlueHeron}`));
    const journeys = await t.db.selectFrom('invoiceJourneys').select(['invoiceId', 'detail']).where('action', '=', 'Payment Failed').where('invoiceId', 'in', [before.id, disputedBefore.id]).execute();
    expect(journeys).toEqual([{ invoiceId: before.id, detail: expect.stringContaining('failed: ') }]);
    const events = await t.db.selectFrom('webhookEvents').select('type').where('type', '=', 'payment_group.failed').execute();
    expect(events).toHaveLength(1);

    // the next run neither charges again nor tells the customer twice
    await settleDuePaymentGroups(t.db, { now: new Date('2026-12-05T15:00:00Z') });
    expect(await sandboxCharges(id)).toHaveLength(1);
    expect(await t.db.selectFrom('messages').select('id').where('subject', '=', 'Payment Failed').where('invoiceId', '=', before.id).execute()).toHaveLength(1);
  });

  it('one failure, one notice: a declined AutoPay group gets AutoPay\'s text and link only; an AutoPay-source group no AutoPay charge names gets the pay-again text', async () => {
    const d = t.demo!;
    const vendorId = d.vendors.coastal;
    const location = await t.db.insertInto('locations').values({ vendorId, displayName: 'Charges AutoPay', address: json(null), createType: null }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('contactLocations').values({ contactId: d.contactId, vendorId, locationId: location.id }).execute();
    const method = await t.db
      .insertInto('paymentMethods')
      .values({ contactId: d.contactId, vendorId, locationId: location.id, provider: 'priority-cc', name: 'Declining Visa', lastFour: '0341', providerToken: sandboxToken(true), serviceFee: '3.5' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('autopays').values({ vendorId, locationId: location.id, contactId: d.contactId, paymentMethodId: method.id, startDate: '2026-12-07' }).execute();
    const newInvoice = async (num: string) =>
      (await t.db
        .insertInto('invoices')
        .values({
          vendorId, locationId: location.id, externalId: num, displayInvNum: num, openAmountCents: 10_000, originalAmountCents: 10_000,
          dueDate: '2026-12-07', invoiceDate: null, externalInvoiceDate: null, poRefId: null, createType: null, externalUrl: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()).id;
    const byAutopay = await newInvoice('CAP-1');
    const now = new Date('2026-12-07T15:00:00Z');
    await runAutopay({ db: t.db, now, log: { info() {}, warn() {}, error() {} }, publicUrl: 'https://portal.example' });
    // a group with the AutoPay's source that no AutoPay charge names (written around the run)
    const orphan = await newInvoice('CAP-2');
    const orphanGroup = await t.db
      .insertInto('paymentGroups')
      .values({
        vendorId, locationId: location.id, contactId: d.contactId, confirmationNumber: 'PP-ORPHAN1', paymentDate: '2026-12-07', paymentTotalCents: 10_350, paymentType: 'CC',
        status: 'scheduled', sourceType: 'Autopay Plus', paymentPlanId: null, requestId: null, paymentMethodId: method.id, idempotencyKey: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('payments').values({ paymentGroupId: orphanGroup.id, invoiceId: orphan, paidAmountCents: 10_000, subject: null, message: null }).execute();
    await t.db.updateTable('invoices').set({ payable: false, status: 'scheduled' }).where('id', '=', orphan).execute();

    const run = await settleDuePaymentGroups(t.db, { now, publicUrl: 'https://portal.example' });
    expect(run.declinedGroupIds).toContain(orphanGroup.id);
    const declined = await paymentsDb(t.db).selectFrom('sandboxCharges').select('outcome').where('providerToken', '=', (await t.db.selectFrom('paymentMethods').select('providerToken').where('id', '=', method.id).executeTakeFirstOrThrow()).providerToken).execute();
    expect(declined.map((r) => r.outcome)).toEqual(['declined', 'declined']);
    const notices = await t.db.selectFrom('messages').select(['invoiceId', 'body']).where('locationId', '=', location.id).where('subject', '=', 'Payment Failed').execute();
    expect(notices).toHaveLength(2);
    // the AutoPay group's fee is worked out at its run: the card's 3.5 % setting is charged at the 3 % cap
    expect(notices.find((n) => n.invoiceId === byAutopay)!.body).toMatch(/^Your AutoPay Plus payment of \$103\.00 for invoice CAP-1 with Declining Visa 0341 could not be processed/);
    expect(notices.find((n) => n.invoiceId === orphan)!.body).toMatch(/^Your payment of \$103\.50 \(confirmation PP-ORPHAN1\) for invoice CAP-2/);
    const mails = await t.db.selectFrom('outbox').select(['subject', 'body']).where('body', 'like', '%invoice CAP-%').execute();
    expect(mails.map((m) => m.subject).sort()).toEqual(['Your AutoPay Plus payment could not be processed', 'Your payment could not be processed']);
    expect(mails.find((m) => m.subject?.startsWith('Your AutoPay'))!.body).toMatch(new RegExp(`/locations/${location.id}/autopaymanage`));
  });

  it('a process that dies between the processor answer and its commit: the next run finds the outcome by the key, charges nothing more, completes', async () => {
    const id = await schedule(['CPC-10566'], '2026-12-07');
    const at = new Date('2026-12-07T15:00:00Z');
    const crashed = await settleDuePaymentGroups(t.db, {
      now: at,
      log: { warn: () => undefined, error: () => undefined },
      afterProcessorAnswer: (groupId) => {
        if (groupId === id) throw new Error('process killed after the processor answered');
      },
    });
    expect(crashed.failedGroupIds).toEqual([id]);
    expect((await group(id)).status).toBe('processing');
    expect(await sandboxCharges(id)).toHaveLength(1);

    const calls: string[] = [];
    const run = await settleDuePaymentGroups(t.db, { now: at, processors: counting(calls) });
    expect(run.settledGroupIds).toEqual([id]);
    expect(calls).toEqual([`lookup pg_${id}_1`]);
    expect(await sandboxCharges(id)).toHaveLength(1);
    expect((await group(id)).status).toBe('complete');
    expect(await invoice('CPC-10566')).toMatchObject({ openAmountCents: 0, status: 'closed' });
  });

  it('a process that dies after writing the key and before the processor answered: the next run charges with the same key, once', async () => {
    const id = await schedule(['CPC-10590'], '2026-12-08');
    const at = new Date('2026-12-08T15:00:00Z');
    const unreachable = Object.fromEntries(
      Object.entries(sandboxRegistry(t.db)).map(([p, proc]) => [p, { ...proc, charge: async (): Promise<ChargeOutcome> => { throw new Error('connection reset'); } }]),
    ) as unknown as ProcessorRegistry;
    const crashed = await settleDuePaymentGroups(t.db, { now: at, processors: unreachable, log: { warn: () => undefined, error: () => undefined } });
    expect(crashed.failedGroupIds).toEqual([id]);
    expect((await group(id)).status).toBe('processing');
    expect(await sandboxCharges(id)).toEqual([]);

    const calls: string[] = [];
    expect((await settleDuePaymentGroups(t.db, { now: at, processors: counting(calls) })).settledGroupIds).toEqual([id]);
    expect(calls).toEqual([`lookup pg_${id}_1`, `charge pg_${id}_1`]);
    expect(await sandboxCharges(id)).toHaveLength(1);
    expect((await group(id)).status).toBe('complete');
  });

  it('several settlement runs at once charge each due group once at the processor', async () => {
    const a = await schedule(['CPC-10612'], '2026-12-09');
    const b = await schedule(['CPC-10488-REBILL-2'], '2026-12-09');
    const at = new Date('2026-12-09T15:00:00Z');
    const runs = await Promise.all(Array.from({ length: 4 }, () => settleDuePaymentGroups(t.db, { now: at })));
    const settled = runs.flatMap((r) => r.settledGroupIds);
    expect([...settled].sort()).toEqual([a, b].sort());
    expect(await sandboxCharges(a)).toHaveLength(1);
    expect(await sandboxCharges(b)).toHaveLength(1);
    expect((await group(a)).status).toBe('complete');
    expect((await group(b)).status).toBe('complete');
  });

  /** The sandbox, noting each call with its key. */
  function counting(calls: string[]): ProcessorRegistry {
    return Object.fromEntries(
      Object.entries(sandboxRegistry(t.db)).map(([provider, processor]) => [
        provider,
        {
          ...processor,
          charge: (r: Parameters<typeof processor.charge>[0]) => (calls.push(`charge ${r.idempotencyKey}`), processor.charge(r)),
          debit: (r: Parameters<typeof processor.debit>[0]) => (calls.push(`debit ${r.idempotencyKey}`), processor.debit(r)),
          lookupCharge: (key: string): Promise<ChargeOutcome | null> => (calls.push(`lookup ${key}`), processor.lookupCharge(key)),
        },
      ]),
    ) as ProcessorRegistry;
  }
});
