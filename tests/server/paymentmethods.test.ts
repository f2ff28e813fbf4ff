// @vitest-environment node
/**
 * Saved payment methods (`.../paymentmethods`, `.../payments?paymentMethodId=`): the list with its JWT and client
 * flow, attaching a tokenized key, micro-deposit verification, delete (refused while AutoPay or a plan uses the
 * method) and the usage call — each scoped to the token's contact and location.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyJwt } from '../../server/domain/jwt.js';
import { paymentsJwtSecret } from '../../server/payments-service/payments-jwt.js';
import { expectMatchesContract } from './helpers/contract.js';
import { startTestServer, type TestServer } from './helpers/app.js';

let s: TestServer;
let token: string;
let otherToken: string;
/** demo method ids by a short name */
const m: Record<'bhVisa' | 'bhAch' | 'hsAch' | 'hsPending' | 'mcVisa' | 'smAch', string> = {} as any;

const futureExp = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
const loc = (vendorId: string, locationId: string) => `/api/vendors/${vendorId}/locations/${locationId}`;
const bh = () => loc(s.demo.vendors.pfg, s.demo.locations.blueHeron);
const hs = () => loc(s.demo.vendors.pfg, s.demo.locations.harborStreet);

const get = (url: string, t = token) => s.inject({ url, headers: s.auth(t) });
const post = (url: string, payload: object, t = token) => s.inject({ method: 'POST', url, headers: s.auth(t), payload });
const del = (url: string, t = token) => s.inject({ method: 'DELETE', url, headers: s.auth(t) });

async function listed(base: string, t = token) {
  const res = await get(`${base}/paymentmethods`, t);
  expect(res.statusCode).toBe(200);
  expectMatchesContract('listPaymentMethods', 200, res.json());
  return res.json() as {
    paymentMethods: Array<{ id: string; type: string; provider: string; displayExtra: { name: string; lastFour: string; serviceFee: string | null; verificationRequired: boolean } }>;
    paymentMethodsJwt: string;
    hostedFieldsUrl: string;
    clientFlowInfo: Record<string, unknown>;
  };
}

/** Tokenizes at the payments service with the location's JWT; answers the key. */
async function tokenize(base: string, body: Record<string, unknown>, t = token): Promise<string> {
  const { paymentMethodsJwt } = await listed(base, t);
  const res = await s.inject({
    method: 'POST',
    url: '/payments-api/tokenizer',
    headers: { authorization: `Bearer ${paymentMethodsJwt}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().key;
}

const card = (over: Record<string, unknown> = {}) => ({
  type: 'CC', provider: 'plastiq-cc', nameOnCard: 'Dana Whitfield', ccNumber: '4242424242424242', expDate: futureExp,
  cvc: '123', addressLine1: '214 East Bay St', zipCode: '29401', ...over,
});
const bank = (over: Record<string, unknown> = {}) => ({
  type: 'ACH', provider: 'priority-ach', name: 'Reserve Checking', bankRoutingNumber: '021000021', checkingAccountNumber: '55501234', ...over,
});

async function attach(base: string, key: string, t = token) {
  const res = await post(`${base}/paymentmethods`, { paymentMethodKey: key }, t);
  if (res.statusCode === 201) expectMatchesContract('createPaymentMethod', 201, res.json());
  else expectMatchesContract('createPaymentMethod', res.statusCode, res.json());
  return res;
}

async function verify(base: string, id: string, amounts: number[]) {
  const res = await post(`${base}/paymentmethods/${id}/verify`, { amounts });
  expectMatchesContract('verifyPaymentMethod', res.statusCode, res.json());
  return res;
}

const countMethods = async () => Number((await sql<{ n: string }>`select count(*) as n from payment_methods`.execute(s.db)).rows[0].n);

beforeAll(async () => {
  s = await startTestServer();
  token = await s.token({});
  otherToken = await s.token({ contactId: s.demo.otherContactId });
  const rows = await s.db.selectFrom('paymentMethods').select(['id', 'locationId', 'name', 'provider', 'contactId']).execute();
  const find = (locationId: string, name: string) => rows.find((r) => r.locationId === locationId && r.name === name)!.id;
  m.bhVisa = find(s.demo.locations.blueHeron, 'Visa Business');
  m.bhAch = find(s.demo.locations.blueHeron, 'Operating Checking');
  m.hsAch = find(s.demo.locations.harborStreet, 'Operating Checking');
  m.hsPending = find(s.demo.locations.harborStreet, 'Payroll Savings');
  m.mcVisa = find(s.demo.locations.magnolia, 'Visa Business');
  m.smAch = find(s.demo.locations.saltmarsh, 'Bistro Checking');
});
afterAll(async () => {
  await s?.close();
});

describe('GET .../paymentmethods', () => {
  it('lists the contact’s methods of the location with type, displayExtra and names, and a 15-minute JWT', async () => {
    const body = await listed(bh());
    expect(body.paymentMethods.map((p) => [p.id, p.type, p.provider, p.displayExtra])).toEqual([
      [m.bhVisa, 'CC', 'plastiq-cc', { name: 'Visa Business', lastFour: '4821', serviceFee: '2.9', cardFunding: 'credit', verificationRequired: false }],
      [m.bhAch, 'ACH', 'priority-ach', { name: 'Operating Checking', lastFour: '6703', serviceFee: null, cardFunding: null, verificationRequired: false }],
    ]);
    expect(body.paymentMethods[0]).toMatchObject({ contactFirstName: 'Dana', contactLastName: 'Whitfield', deletedAt: null });
    expect(body.clientFlowInfo).toEqual({});
    // the add-method page's iframe: the payments origin's hosted fields page (testConfig: PAYMENTS_PUBLIC_URL http://payments.test)
    expect(body.hostedFieldsUrl).toBe('http://payments.test/hosted-fields');

    const checked = verifyJwt(body.paymentMethodsJwt, await paymentsJwtSecret(s.db));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.claims).toMatchObject({ contactId: s.demo.contactId, vendorId: s.demo.vendors.pfg, locationId: s.demo.locations.blueHeron });
    expect(checked.claims.exp - (checked.claims.iat as number)).toBe(15 * 60);
    // the secret is one per database, kept in app_config
    const stored = await s.db.selectFrom('appConfig').select('value').where('key', '=', 'paymentsJwtSecret').executeTakeFirst();
    expect(typeof stored?.value).toBe('string');
  });

  it('with createClientFlow=true answers the tokenizer and service fee per enabled provider', async () => {
    const res = await get(`${bh()}/paymentmethods?createClientFlow=true`);
    expectMatchesContract('listPaymentMethods', 200, res.json());
    expect(res.json().clientFlowInfo).toEqual({
      // on the payments service's own origin (testConfig: http://payments.test), never the portal's
      'plastiq-cc': { tokenizerUrl: 'http://payments.test/payments-api/tokenizer', serviceFee: '2.9' },
      'priority-ach': { tokenizerUrl: 'http://payments.test/payments-api/tokenizer', serviceFee: null },
    });
  });

  it('never lists another contact’s methods; another contact’s location is 404', async () => {
    const res = await get(`${loc(s.demo.vendors.pfg, s.demo.locations.saltmarsh)}/paymentmethods`);
    expect(res.statusCode).toBe(404);
    const marcus = await listed(loc(s.demo.vendors.pfg, s.demo.locations.saltmarsh), otherToken);
    expect(marcus.paymentMethods.map((p) => p.id)).toEqual([m.smAch]);
  });
});

describe('POST .../paymentmethods (attach a tokenized key)', () => {
  it('attaches a card once: listed with brand/nickname, the fee of its provider, no verification; a second use is refused', async () => {
    const key = await tokenize(bh(), card({ ccNumber: '5555555555554444', name: 'Kitchen card' }));
    const res = await attach(bh(), key);
    expect(res.statusCode).toBe(201);
    const method = res.json().paymentMethod;
    expect(method).toMatchObject({
      type: 'CC', provider: 'plastiq-cc',
      displayExtra: { name: 'Kitchen card', lastFour: '4444', serviceFee: '2.9', verificationRequired: false },
    });
    expect((await listed(bh())).paymentMethods.map((p) => p.id)).toContain(method.id);
    const row = await s.db.selectFrom('paymentMethods').select(['brand', 'expMonth', 'providerToken']).where('id', '=', method.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ brand: 'Mastercard', expMonth: 12 });
    expect(row.providerToken).toMatch(/^sbx_plastiq-cc_card_[0-9a-f]{32}$/);

    const before = await countMethods();
    const again = await attach(bh(), key);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ errorCode: 'invalid_payment_method_key', field: 'paymentMethodKey' });
    expect(await countMethods()).toBe(before);
  });

  it('a card without nickname is named by its brand', async () => {
    const res = await attach(bh(), await tokenize(bh(), card()));
    expect(res.statusCode).toBe(201);
    expect(res.json().paymentMethod.displayExtra.name).toBe('Visa');
  });

  it('a key of another location or another contact is 404 and stays usable by its owner', async () => {
    const key = await tokenize(bh(), card());
    const before = await countMethods();
    expect((await attach(loc(s.demo.vendors.pfg, s.demo.locations.magnolia), key)).statusCode).toBe(404);
    expect((await attach(loc(s.demo.vendors.pfg, s.demo.locations.saltmarsh), key, otherToken)).statusCode).toBe(404);
    expect(await countMethods()).toBe(before);
    expect((await attach(bh(), key)).statusCode).toBe(201);
  });

  it('an unknown or expired key is 422 invalid_payment_method_key and writes nothing', async () => {
    const before = await countMethods();
    expect((await attach(bh(), 'no-such-key')).json().errorCode).toBe('invalid_payment_method_key');
    const key = await tokenize(bh(), card());
    await sql`update tokenized_methods set expires_at = now() - interval '1 second' where used_at is null`.execute(s.db);
    const res = await attach(bh(), key);
    expect(res.statusCode).toBe(422);
    expect(res.json().errorCode).toBe('invalid_payment_method_key');
    expect(await countMethods()).toBe(before);
  });

  it('an empty or extra body field is 400', async () => {
    expect((await post(`${bh()}/paymentmethods`, { paymentMethodKey: '' })).statusCode).toBe(400);
    const res = await post(`${bh()}/paymentmethods`, { paymentMethodKey: 'x', ccNumber: '4242424242424242' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('ccNumber');
  });
});

describe('bank accounts: micro-deposit verification', () => {
  async function newBankAccount() {
    const res = await attach(bh(), await tokenize(bh(), bank()));
    expect(res.statusCode).toBe(201);
    const method = res.json().paymentMethod;
    expect(method).toMatchObject({ type: 'ACH', displayExtra: { name: 'Reserve Checking', lastFour: '1234', verificationRequired: true, serviceFee: null } });
    return method.id as string;
  }

  it('starts pending; wrong amounts count down; the sandbox amounts (0.32, 0.45, any order) verify it', async () => {
    const id = await newBankAccount();
    const wrong = await verify(bh(), id, [0.1, 0.2]);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errorCode: 'verification_failed' });
    expect(wrong.json().message).toContain('2 attempts left');

    const ok = await verify(bh(), id, [0.45, 0.32]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().paymentMethod).toMatchObject({ id, displayExtra: { verificationRequired: false } });
    const listedMethod = (await listed(bh())).paymentMethods.find((p) => p.id === id)!;
    expect(listedMethod.displayExtra.verificationRequired).toBe(false);

    const again = await verify(bh(), id, [0.32, 0.45]);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('already_verified');
  });

  it('locks after three wrong attempts, even for the right amounts afterwards', async () => {
    const id = await newBankAccount();
    expect((await verify(bh(), id, [0.01, 0.02])).json().message).toContain('2 attempts left');
    expect((await verify(bh(), id, [0.32, 0.46])).json().message).toContain('1 attempt left');
    const third = await verify(bh(), id, [0.33, 0.45]);
    expect(third.statusCode).toBe(422);
    expect(third.json().errorCode).toBe('verification_locked');
    const after = await verify(bh(), id, [0.32, 0.45]);
    expect(after.statusCode).toBe(422);
    expect(after.json().errorCode).toBe('verification_locked');
    expect((await listed(bh())).paymentMethods.find((p) => p.id === id)!.displayExtra.verificationRequired).toBe(true);
  });

  it('the demo’s pending account verifies with the sandbox amounts', async () => {
    const res = await verify(hs(), m.hsPending, [0.32, 0.45]);
    expect(res.statusCode).toBe(200);
    expect(res.json().paymentMethod.displayExtra.verificationRequired).toBe(false);
  });

  it('refuses amounts out of range or with more than two decimals (400), and a card (409)', async () => {
    const id = await newBankAccount();
    expect((await verify(bh(), id, [0.32])).statusCode).toBe(400);
    expect((await verify(bh(), id, [0, 0.45])).statusCode).toBe(400);
    const decimals = await verify(bh(), id, [0.321, 0.45]);
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().field).toBe('amounts[0]');
    // none of these counted as an attempt
    expect((await verify(bh(), id, [0.01, 0.02])).json().message).toContain('2 attempts left');
    expect((await verify(bh(), m.bhVisa, [0.32, 0.45])).statusCode).toBe(409);
  });
});

describe('GET .../payments?paymentMethodId= (usage)', () => {
  it('answers the scheduled payments of the AutoPay method and hasAutopay', async () => {
    const res = await get(`${bh()}/payments?paymentMethodId=${m.bhAch}`);
    expect(res.statusCode).toBe(200);
    expectMatchesContract('listPaymentsByMethod', 200, res.json());
    const body = res.json();
    expect(body).toMatchObject({ hasAutopay: true, hasPaymentPlan: false });
    const expected = await s.db
      .selectFrom('payments as p')
      .innerJoin('paymentGroups as g', 'g.id', 'p.paymentGroupId')
      .select('p.id')
      .where('g.paymentMethodId', '=', m.bhAch)
      .where('g.status', '=', 'scheduled')
      .execute();
    expect(expected.length).toBeGreaterThan(0);
    expect(body.payments.map((p: { id: string }) => p.id).sort()).toEqual(expected.map((p) => p.id).sort());
    expect(body.payments[0]).toEqual({ id: expect.any(String), paymentDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), paidAmount: expect.any(Number), displayInvNum: expect.any(String) });
  });

  it('answers hasPaymentPlan for the plan’s method; nothing for a free card', async () => {
    const plan = await get(`${hs()}/payments?paymentMethodId=${m.hsAch}`);
    expectMatchesContract('listPaymentsByMethod', 200, plan.json());
    expect(plan.json()).toMatchObject({ hasAutopay: false, hasPaymentPlan: true });
    const free = await get(`${loc(s.demo.vendors.pfg, s.demo.locations.magnolia)}/payments?paymentMethodId=${m.mcVisa}`);
    expect(free.json()).toMatchObject({ hasAutopay: false, hasPaymentPlan: false });
  });

  it('needs the paymentMethodId (400)', async () => {
    expect((await get(`${bh()}/payments`)).statusCode).toBe(400);
  });
});

describe('DELETE .../paymentmethods/{id}', () => {
  it('refuses a method used by AutoPay or an active plan with 409 payment_method_in_use; it stays listed', async () => {
    for (const [base, id] of [[bh(), m.bhAch], [hs(), m.hsAch]] as const) {
      const res = await del(`${base}/paymentmethods/${id}`);
      expect(res.statusCode).toBe(409);
      expectMatchesContract('deletePaymentMethod', 409, res.json());
      expect(res.json().errorCode).toBe('payment_method_in_use');
      expect(res.json().message).toContain('contact your representative');
      expect((await listed(base)).paymentMethods.map((p) => p.id)).toContain(id);
    }
  });

  it('a method only scheduled payments use: 409 scheduled_payments_exist without the confirmation; with it the groups are canceled, their invoices payable again, the method deleted', async () => {
    const method = await s.db
      .insertInto('paymentMethods')
      .values({
        contactId: s.demo.contactId, vendorId: s.demo.vendors.pfg, locationId: s.demo.locations.blueHeron, provider: 'plastiq-cc',
        name: 'Spare Visa', lastFour: '1881', providerToken: 'tok_spare',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const invoice = await s.db
      .selectFrom('invoices').select(['id', 'openAmountCents'])
      .where('locationId', '=', s.demo.locations.blueHeron).where('payable', '=', true).where('deletedAt', 'is', null).where('openAmountCents', '>', 0)
      .orderBy('id').executeTakeFirstOrThrow();
    const group = await s.db
      .insertInto('paymentGroups')
      .values({
        vendorId: s.demo.vendors.pfg, locationId: s.demo.locations.blueHeron, contactId: s.demo.contactId, confirmationNumber: 'PP-SPARE23456',
        paymentDate: '2099-01-05', paymentTotalCents: 1000, paymentType: 'CC', status: 'scheduled', sourceType: 'Portal',
        paymentPlanId: null, requestId: null, paymentMethodId: method.id, idempotencyKey: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await s.db.insertInto('payments').values({ paymentGroupId: group.id, invoiceId: invoice.id, paidAmountCents: 1000, subject: null, message: null }).execute();
    await s.db.updateTable('invoices').set({ payable: false, status: 'scheduled' }).where('id', '=', invoice.id).execute();

    // without the customer's confirmation: refused with what is true, nothing changed
    const refused = await del(`${bh()}/paymentmethods/${method.id}`);
    expect(refused.statusCode).toBe(409);
    expectMatchesContract('deletePaymentMethod', 409, refused.json());
    expect(refused.json().errorCode).toBe('scheduled_payments_exist');
    expect(refused.json().message).not.toMatch(/AutoPay|payment plan/);
    expect((await listed(bh())).paymentMethods.map((p) => p.id)).toContain(method.id);

    // confirmed: one transaction cancels the group, reopens the invoice and deletes the method
    const res = await del(`${bh()}/paymentmethods/${method.id}?cancelScheduledPayments=true`);
    expect(res.statusCode).toBe(204);
    expect((await listed(bh())).paymentMethods.map((p) => p.id)).not.toContain(method.id);
    expect(await s.db.selectFrom('paymentGroups').select('status').where('id', '=', group.id).executeTakeFirstOrThrow()).toEqual({ status: 'canceled' });
    expect(await s.db.selectFrom('invoices').select(['payable', 'status', 'openAmountCents']).where('id', '=', invoice.id).executeTakeFirstOrThrow())
      .toEqual({ payable: true, status: 'open', openAmountCents: invoice.openAmountCents });
    const journey = await s.db.selectFrom('invoiceJourneys').select(['action', 'detail']).where('invoiceId', '=', invoice.id).where('action', '=', 'Payment Canceled').execute();
    expect(journey).toEqual([{ action: 'Payment Canceled', detail: '$10.00 scheduled for 1/5/99 with Spare Visa 1881 (PP-SPARE23456) canceled: the payment method was deleted' }]);
  });

  it('with the confirmation, an invoice another method’s scheduled group still pays stays scheduled; it reopens once that group is canceled too', async () => {
    const spare = async (name: string, lastFour: string) =>
      (
        await s.db
          .insertInto('paymentMethods')
          .values({
            contactId: s.demo.contactId, vendorId: s.demo.vendors.pfg, locationId: s.demo.locations.blueHeron, provider: 'plastiq-cc',
            name, lastFour, providerToken: `tok_${lastFour}`,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const first = await spare('First Visa', '2002');
    const second = await spare('Second Visa', '3003');
    const [shared, alone] = await s.db
      .selectFrom('invoices').select(['id', 'openAmountCents'])
      .where('locationId', '=', s.demo.locations.blueHeron).where('payable', '=', true).where('deletedAt', 'is', null).where('openAmountCents', '>', 0)
      .orderBy('id', 'desc').limit(2).execute();
    const schedule = async (methodId: string, confirmationNumber: string, lines: Array<[invoiceId: string, cents: number]>) => {
      const group = await s.db
        .insertInto('paymentGroups')
        .values({
          vendorId: s.demo.vendors.pfg, locationId: s.demo.locations.blueHeron, contactId: s.demo.contactId, confirmationNumber,
          paymentDate: '2099-02-03', paymentTotalCents: lines.reduce((a, [, c]) => a + c, 0), paymentType: 'CC', status: 'scheduled', sourceType: 'Portal',
          paymentPlanId: null, requestId: null, paymentMethodId: methodId, idempotencyKey: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await s.db.insertInto('payments').values(lines.map(([invoiceId, cents]) => ({ paymentGroupId: group.id, invoiceId, paidAmountCents: cents, subject: null, message: null }))).execute();
      await s.db.updateTable('invoices').set({ payable: false, status: 'scheduled' }).where('id', 'in', lines.map(([id]) => id)).execute();
      return group.id;
    };
    const firstGroup = await schedule(first, 'PP-FIRST2002', [[shared.id, 500], [alone.id, 700]]);
    const secondGroup = await schedule(second, 'PP-SECOND303', [[shared.id, 300]]);
    const invoice = (id: string) => s.db.selectFrom('invoices').select(['payable', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    const groupStatus = async (id: string) => (await s.db.selectFrom('paymentGroups').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    const canceledJourney = (id: string) =>
      s.db.selectFrom('invoiceJourneys').select('detail').where('invoiceId', '=', id).where('action', '=', 'Payment Canceled').where('detail', 'like', '%2/3/99%').orderBy('detail').execute();

    expect((await del(`${bh()}/paymentmethods/${first}?cancelScheduledPayments=true`)).statusCode).toBe(204);
    expect(await groupStatus(firstGroup)).toBe('canceled');
    expect(await groupStatus(secondGroup)).toBe('scheduled');
    expect(await invoice(shared.id)).toEqual({ payable: false, status: 'scheduled' }); // the second method still pays it
    expect(await invoice(alone.id)).toEqual({ payable: true, status: 'open' });
    expect(await canceledJourney(shared.id)).toEqual([{ detail: '$5.00 scheduled for 2/3/99 with First Visa 2002 (PP-FIRST2002) canceled: the payment method was deleted' }]);
    expect(await canceledJourney(alone.id)).toEqual([{ detail: '$7.00 scheduled for 2/3/99 with First Visa 2002 (PP-FIRST2002) canceled: the payment method was deleted' }]);

    // the last group paying the shared invoice canceled: it is payable again
    expect((await del(`${bh()}/paymentmethods/${second}?cancelScheduledPayments=true`)).statusCode).toBe(204);
    expect(await groupStatus(secondGroup)).toBe('canceled');
    expect(await invoice(shared.id)).toEqual({ payable: true, status: 'open' });
    expect((await canceledJourney(shared.id)).map((j) => j.detail)).toEqual([
      '$3.00 scheduled for 2/3/99 with Second Visa 3003 (PP-SECOND303) canceled: the payment method was deleted',
      '$5.00 scheduled for 2/3/99 with First Visa 2002 (PP-FIRST2002) canceled: the payment method was deleted',
    ]);
  });

  it('the confirmation does not override AutoPay or a plan: still 409 payment_method_in_use', async () => {
    const res = await del(`${bh()}/paymentmethods/${m.bhAch}?cancelScheduledPayments=true`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('payment_method_in_use');
    expect((await listed(bh())).paymentMethods.map((p) => p.id)).toContain(m.bhAch);
  });

  it('soft-deletes a free method: gone from the list, the row kept with deletedAt; a second delete is 404', async () => {
    const res = await del(`${bh()}/paymentmethods/${m.bhVisa}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await listed(bh())).paymentMethods.map((p) => p.id)).not.toContain(m.bhVisa);
    const row = await s.db.selectFrom('paymentMethods').select('deletedAt').where('id', '=', m.bhVisa).executeTakeFirstOrThrow();
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect((await del(`${bh()}/paymentmethods/${m.bhVisa}`)).statusCode).toBe(404);
    expect((await get(`${bh()}/payments?paymentMethodId=${m.bhVisa}`)).statusCode).toBe(404);
  });
});

describe('scope: another contact’s or another location’s method is 404 everywhere', () => {
  it('delete, verify and usage answer 404 and change nothing', async () => {
    const magnolia = loc(s.demo.vendors.pfg, s.demo.locations.magnolia);
    const cases: Array<[string, string]> = [
      [loc(s.demo.vendors.pfg, s.demo.locations.saltmarsh), m.smAch], // another contact's location
      [bh(), m.smAch], // another contact's method under our location
      [magnolia, m.hsAch], // our method, another location of ours
    ];
    for (const [base, id] of cases) {
      const d = await del(`${base}/paymentmethods/${id}`);
      expect(d.statusCode, `delete ${id}`).toBe(404);
      expectMatchesContract('deletePaymentMethod', 404, d.json());
      expect((await post(`${base}/paymentmethods/${id}/verify`, { amounts: [0.32, 0.45] })).statusCode).toBe(404);
      expect((await get(`${base}/payments?paymentMethodId=${id}`)).statusCode).toBe(404);
    }
    const rows = await s.db.selectFrom('paymentMethods').select(['id', 'deletedAt']).where('id', 'in', [m.smAch, m.hsAch]).execute();
    expect(rows.every((r) => r.deletedAt === null)).toBe(true);
  });

  it('an unknown payment method id is 404; a malformed one 400', async () => {
    expect((await del(`${bh()}/paymentmethods/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await del(`${bh()}/paymentmethods/not-a-uuid`)).statusCode).toBe(400);
  });
});

describe('concurrency', () => {
  it('20 concurrent attaches of one key create one method', async () => {
    const key = await tokenize(bh(), card());
    const before = await countMethods();
    const results = await Promise.all(Array.from({ length: 20 }, () => post(`${bh()}/paymentmethods`, { paymentMethodKey: key })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 422 && r.json().errorCode === 'invalid_payment_method_key')).toHaveLength(19);
    expect(await countMethods()).toBe(before + 1);
  });

  it('concurrent wrong verifications count every attempt: two failures, then locked', async () => {
    const res = await attach(bh(), await tokenize(bh(), bank()));
    const id = res.json().paymentMethod.id as string;
    const results = await Promise.all(Array.from({ length: 5 }, () => post(`${bh()}/paymentmethods/${id}/verify`, { amounts: [0.5, 0.6] })));
    const codes = results.map((r) => r.json().errorCode).sort();
    expect(codes).toEqual(['verification_failed', 'verification_failed', 'verification_locked', 'verification_locked', 'verification_locked']);
    const row = await sql<{ failedAttempts: number }>`select failed_attempts from payment_method_verifications where payment_method_id = ${id}`.execute(s.db);
    expect(row.rows[0].failedAttempts).toBe(3);
  });
});
