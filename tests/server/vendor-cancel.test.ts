// @vitest-environment node
/**
 * The vendor cancels a scheduled payment (`POST /vendor-api/payment-groups/{id}/cancel`): canceled at once, nothing
 * charged (settlement passes it by), its invoice payable again, a journey entry with the vendor's reason, the customer
 * e-mailed with the reason and a link, `payment_group.canceled`; a payment no longer scheduled is refused (422
 * `not_cancelable`) and nothing changes. Demo data, today pinned to Wednesday 2026-12-02 (New York).
 */
import type { FastifyInstance } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { testConfig } from '../../server/config.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { settleDuePaymentGroups } from '../../server/jobs/settlement.js';
import { VENDOR_CANCELED_EMAIL_SUBJECT } from '../../server/use-cases/vendor-cancel-payment.js';
import { createApiKey } from '../../server/use-cases/vendor-keys.js';
import { expectMatchesVendorContract } from './helpers/contract.js';
import { createPaymentGroupOnce } from './helpers/use-cases.js';

const NOON = new Date('2026-12-02T17:00:00Z');
let t: TestDb;
let app: FastifyInstance;
let key: string;

async function call(operationId: string, url: string, payload?: unknown) {
  const res = await app.inject({ method: 'POST', url: `/vendor-api${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = res.body ? res.json() : undefined;
  expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}

beforeAll(async () => {
  t = await createTestDb({ seed: true, today: Temporal.PlainDate.from('2026-12-02') });
  app = await buildApp({ db: t.db, config: testConfig(), logger: false });
  await app.ready();
  const created = await createApiKey(t.db, t.demo!.vendors.coastal, 'cancel');
  if (!created.ok) throw new Error('no key');
  key = created.value.secret;
}, 60_000);
afterAll(async () => {
  await app?.close();
  await t?.drop();
});

async function scheduled(paymentDate: string) {
  const d = t.demo!;
  const invoice = await t.db
    .selectFrom('invoices')
    .select(['id', 'displayInvNum'])
    .where('locationId', '=', d.locations.coastalBlueHeron)
    .where('payable', '=', true)
    .where('deletedAt', 'is', null)
    .where('openAmountCents', '>', 0)
    .orderBy('displayInvNum', 'desc')
    .executeTakeFirstOrThrow();
  const method = await t.db.selectFrom('paymentMethods').select('id').where('locationId', '=', d.locations.coastalBlueHeron).where('name', '=', 'Operating Checking').executeTakeFirstOrThrow();
  const result = await createPaymentGroupOnce(t.db, {
    contactId: d.contactId,
    vendorId: d.vendors.coastal,
    locationId: d.locations.coastalBlueHeron,
    idempotencyKey: `cancel-${invoice.id}-${paymentDate}`,
    body: { paymentMethodId: method.id, paymentDate, partialPayments: [], invoices: [invoice.id], epaVersion: '1' },
    click2payRequestId: null,
    now: NOON,
  });
  expect(result.status).toBe(201);
  return { groupId: (result.body as { paymentGroupId: string }).paymentGroupId, invoice };
}

describe('the vendor cancels a scheduled payment', () => {
  it('canceled at once: its invoice payable again, the reason in the journey and the customer’s e-mail, the event; never charged', async () => {
    const { groupId, invoice } = await scheduled('2026-12-04');
    expect(await t.db.selectFrom('invoices').select(['payable', 'status']).where('id', '=', invoice.id).executeTakeFirstOrThrow()).toEqual({ payable: false, status: 'scheduled' });
    const reason = 'Paid by check on 12/1: no need to pay it here.';
    const res = await call('cancelPaymentGroup', `/payment-groups/${groupId}/cancel`, { reason });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: groupId, status: 'canceled' });
    expect(await t.db.selectFrom('invoices').select(['payable', 'status']).where('id', '=', invoice.id).executeTakeFirstOrThrow()).toEqual({ payable: true, status: 'open' });
    const journey = await t.db.selectFrom('invoiceJourneys').select('detail').where('invoiceId', '=', invoice.id).where('action', '=', 'Payment Canceled').execute();
    expect(journey.map((j) => j.detail)).toEqual([expect.stringContaining(`canceled by Coastal Produce Co.: ${reason}`)]);
    const mail = await t.db.selectFrom('outbox').select(['recipient', 'body']).where('subject', '=', VENDOR_CANCELED_EMAIL_SUBJECT).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0].body).toContain(`for invoice ${invoice.displayInvNum} was canceled by Coastal Produce Co.: ${reason}. Nothing will be charged.`);
    expect(mail[0].body).toMatch(new RegExp(`Your invoices: http://portal\\.test/token/[^/]+/vendors/${t.demo!.vendors.coastal}/locations/${t.demo!.locations.coastalBlueHeron}\\n`));
    const events = await t.db.selectFrom('webhookEvents').select('data').where('type', '=', 'payment_group.canceled').execute();
    expect(events.filter((e) => JSON.stringify(e.data).includes(groupId))).toHaveLength(1);

    // its date comes: nothing is charged
    const settled = await settleDuePaymentGroups(t.db, { now: new Date('2026-12-04T18:00:00Z') });
    expect(settled.settledGroupIds).not.toContain(groupId);
    expect((await t.db.selectFrom('paymentGroupCharges').select('attempt').where('paymentGroupId', '=', groupId).execute())).toEqual([]);
  });

  it('a payment no longer scheduled (charged, or canceled already) is refused with not_cancelable; nothing changes', async () => {
    const { groupId } = await scheduled('2026-12-02');
    await settleDuePaymentGroups(t.db, { now: NOON });
    expect((await t.db.selectFrom('paymentGroups').select('status').where('id', '=', groupId).executeTakeFirstOrThrow()).status).toBe('complete');
    const mails = (await t.db.selectFrom('outbox').select('id').execute()).length;
    const refused = await call('cancelPaymentGroup', `/payment-groups/${groupId}/cancel`, { reason: 'Too late' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ errorCode: 'not_cancelable', message: 'Only a scheduled payment can be canceled: this one is complete.' });
    expect((await t.db.selectFrom('paymentGroups').select('status').where('id', '=', groupId).executeTakeFirstOrThrow()).status).toBe('complete');
    expect((await t.db.selectFrom('outbox').select('id').execute()).length).toBe(mails);
    const missing = await call('cancelPaymentGroup', '/payment-groups/00000000-0000-4000-8000-000000000000/cancel', { reason: 'x' });
    expect(missing.status).toBe(404);
    const empty = await call('cancelPaymentGroup', `/payment-groups/${groupId}/cancel`, { reason: '' });
    expect(empty.status).toBe(400);
  });
});
