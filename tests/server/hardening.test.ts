// @vitest-environment node
/**
 * Review findings on the edges of the server: TRUST_PROXY and the per-client limit of `POST /letmein` (IPv6 by /64),
 * strict `format: uuid` (no `urn:uuid:`), NUL characters in bodies (400, never a database error), and invoice
 * journeys at a location shared by two contacts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../server/config.js';
import { paymentsDb } from '../../server/payments-service/schema.js';
import { clientKeyOf } from '../../server/repos/letmein-attempts.js';
import { expectMatchesContract } from './helpers/contract.js';
import { startTestServer, type TestServer } from './helpers/app.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const clearAttempts = () => s.db.deleteFrom('letmeinAttempts').execute();
const pfgPath = (locationId: string) => `/api/vendors/${s.demo.vendors.pfg}/locations/${locationId}`;

describe('TRUST_PROXY', () => {
  it('is a hop count or a list of proxy addresses, never "trust everything"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toBe('127.0.0.1,10.0.0.0/8,::1');
    expect(() => parseTrustProxy('true')).toThrow(/hop count/);
    expect(() => parseTrustProxy('yes please')).toThrow(/hop count/);
  });

  it.each(['1', '127.0.0.1'])('with TRUST_PROXY=%s a client cannot dodge the per-client limit by writing its own X-Forwarded-For', async (setting) => {
    const behindProxy = await startTestServer({ config: { trustProxy: loadConfig({ TRUST_PROXY: setting }).trustProxy } });
    try {
      // the proxy (127.0.0.1) appends the address it saw; the client prepends whatever it likes
      const send = (i: number) =>
        behindProxy.app.inject({
          method: 'POST',
          url: '/api/letmein',
          payload: { contact: `nobody${i}@example.com` },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `198.51.100.${i % 250}, 203.0.113.7` },
        });
      for (let i = 0; i < 20; i++) expect((await send(i)).statusCode).toBe(202);
      const refused = await send(20);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().errorCode).toBe('rate_limited');
      // another real client behind the same proxy is not affected
      const other = await behindProxy.app.inject({
        method: 'POST', url: '/api/letmein', payload: { contact: 'someone@example.com' }, remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.8' },
      });
      expect(other.statusCode).toBe(202);
    } finally {
      await behindProxy.close();
    }
  });

  it('counts an IPv6 client by its /64: rotating addresses within it does not dodge the limit', async () => {
    await clearAttempts();
    const send = (i: number, prefix = '2001:db8:1:2') =>
      s.inject({ method: 'POST', url: '/api/letmein', payload: { contact: `v6-${i}@example.com` }, remoteAddress: `${prefix}::${(i + 1).toString(16)}` });
    for (let i = 0; i < 20; i++) expect((await send(i)).statusCode).toBe(202);
    expect((await send(20)).statusCode).toBe(429);
    expect((await send(21, '2001:db8:1:3')).statusCode).toBe(202); // the next /64 is another client
    expect(clientKeyOf('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe(clientKeyOf('2001:db8:1:2::1'));
    expect(clientKeyOf('::ffff:192.0.2.1')).toBe(clientKeyOf('192.0.2.1'));
    await clearAttempts();
  });
});

describe('format: uuid', () => {
  it('refuses urn:uuid: and other decorated forms with 400 (never a database error)', async () => {
    const token = await s.token({});
    const id = randomUUID();
    for (const bad of [`urn:uuid:${id}`, `{${id}}`, id.replace(/-/g, '')]) {
      const res = await s.inject({ url: `${pfgPath(s.demo.locations.blueHeron)}/invoices/${encodeURIComponent(bad)}/journey`, headers: s.auth(token) });
      expect(res.statusCode, bad).toBe(400);
      expectMatchesContract('getInvoiceJourney', 400, res.json());
      expect(res.json()).toMatchObject({ errorCode: 'validation_failed', field: 'invoiceId' });
    }
  });

  it('accepts an upper-case id as the same id', async () => {
    const token = await s.token({});
    const invoice = await s.db.selectFrom('invoices').select('id').where('locationId', '=', s.demo.locations.blueHeron).limit(1).executeTakeFirstOrThrow();
    const lower = await s.inject({ url: `${pfgPath(s.demo.locations.blueHeron)}/invoices/${invoice.id}/journey`, headers: s.auth(token) });
    const upper = await s.inject({
      url: `/api/vendors/${s.demo.vendors.pfg.toUpperCase()}/locations/${s.demo.locations.blueHeron.toUpperCase()}/invoices/${invoice.id.toUpperCase()}/journey`,
      headers: s.auth(token),
    });
    expect(lower.statusCode).toBe(200);
    expect(upper.statusCode).toBe(200);
    expect(upper.json()).toEqual(lower.json());
  });
});

describe('NUL characters', () => {
  it('in the letmein contact → 400 naming the field; nothing written', async () => {
    await clearAttempts();
    const res = await s.inject({ method: 'POST', url: '/api/letmein', payload: { contact: 'dana\u0000@example.com' } });
    expect(res.statusCode).toBe(400);
    expectMatchesContract('requestLoginLink', 400, res.json());
    expect(res.json()).toMatchObject({ errorCode: 'validation_failed', field: 'contact' });
    const attempts = await s.db.selectFrom('letmeinAttempts').select('id').execute();
    expect(attempts).toHaveLength(0);
  });

  it('in a nested body string (payment-group notes) → 400 naming the field', async () => {
    const token = await s.token({});
    const res = await s.inject({
      method: 'POST',
      url: `${pfgPath(s.demo.locations.harborStreet)}/paymentgroups`,
      headers: { ...s.auth(token), 'idempotency-key': randomUUID() },
      payload: {
        paymentMethodId: randomUUID(), paymentDate: '2030-01-02', epaVersion: '4', invoices: [randomUUID()],
        partialPayments: [{ invoiceId: randomUUID(), amount: '1.00', newAmount: 0, reason: 'Refused', notes: 'bad\u0000note' }],
      },
    });
    expect(res.statusCode).toBe(400);
    expectMatchesContract('createPaymentGroup', 400, res.json());
    expect(res.json()).toMatchObject({ errorCode: 'validation_failed', field: 'partialPayments[0].notes' });
  });

  it('in a path or query value → 400 naming it', async () => {
    const token = await s.token({});
    const path = await s.inject({ url: `${pfgPath(s.demo.locations.blueHeron)}/qbopdf/INV%00-1`, headers: s.auth(token) });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toMatchObject({ errorCode: 'validation_failed', field: 'externalId' });
    const query = await s.inject({ url: `${pfgPath(s.demo.locations.blueHeron)}/invoices?searchText=a%00b`, headers: s.auth(token) });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ errorCode: 'validation_failed', field: 'searchText' });
  });

  it('at the payments service (tokenizer name) → 400 in its error shape', async () => {
    const token = await s.token({});
    const list = await s.inject({ url: `${pfgPath(s.demo.locations.blueHeron)}/paymentmethods`, headers: s.auth(token) });
    const { paymentMethodsJwt } = list.json();
    const res = await s.inject({
      method: 'POST',
      url: '/payments-api/tokenizer',
      headers: { authorization: `Bearer ${paymentMethodsJwt}` },
      payload: { type: 'ACH', provider: 'priority-ach', name: 'Evil\u0000Checking', bankRoutingNumber: '021000021', checkingAccountNumber: '55501234' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('validation_failed');
    expect(res.json().errors[0].message).toContain('name');
    expect(await paymentsDb(s.db).selectFrom('tokenizedMethods').select('id').where('nickname', 'like', 'Evil%').execute()).toHaveLength(0);
  });
});

describe('invoice journeys at a shared location', () => {
  it('show the caller’s own entries and the vendor’s, never another contact’s', async () => {
    const { harborStreet } = s.demo.locations;
    await s.db
      .insertInto('contactLocations')
      .values({ contactId: s.demo.otherContactId, vendorId: s.demo.vendors.pfg, locationId: harborStreet })
      .execute();
    const invoice = await s.db.selectFrom('invoices').select('id').where('locationId', '=', harborStreet).limit(1).executeTakeFirstOrThrow();
    await s.db
      .insertInto('invoiceJourneys')
      .values([
        { invoiceId: invoice.id, contactId: s.demo.otherContactId, action: 'Disputed', detail: 'Marcus: the oysters were off' },
        { invoiceId: invoice.id, contactId: s.demo.contactId, action: 'Disputed', detail: 'Dana: short delivery' },
        { invoiceId: invoice.id, contactId: null, action: 'Created', detail: 'Vendor entry' },
      ])
      .execute();
    const journey = async (contactId: string) => {
      const token = await s.token({ contactId });
      const res = await s.inject({ url: `${pfgPath(harborStreet)}/invoices/${invoice.id}/journey`, headers: s.auth(token) });
      expect(res.statusCode).toBe(200);
      expectMatchesContract('getInvoiceJourney', 200, res.json());
      return (res.json().journeys as Array<{ detail: string }>).map((j) => j.detail);
    };
    const dana = await journey(s.demo.contactId);
    expect(dana).toContain('Dana: short delivery');
    expect(dana).toContain('Vendor entry');
    expect(dana).not.toContain('Marcus: the oysters were off');
    const marcus = await journey(s.demo.otherContactId);
    expect(marcus).toContain('Marcus: the oysters were off');
    expect(marcus).toContain('Vendor entry');
    expect(marcus).not.toContain('Dana: short delivery');
  });
});

describe('card testing and verification guessing (payment_attempts)', () => {
  const blueHeron = () => pfgPath(s.demo.locations.blueHeron);
  async function jwt(token: string) {
    const res = await s.inject({ url: `${blueHeron()}/paymentmethods`, headers: s.auth(token) });
    expect(res.statusCode).toBe(200);
    return res.json().paymentMethodsJwt as string;
  }
  const tokenize = (paymentMethodsJwt: string, payload: object) =>
    s.inject({ method: 'POST', url: '/payments-api/tokenizer', headers: { authorization: `Bearer ${paymentMethodsJwt}` }, payload });
  const card = (ccNumber: string) => ({
    type: 'CC', provider: 'plastiq-cc', nameOnCard: 'Dana Whitfield', ccNumber, expDate: `12/${String((new Date().getUTCFullYear() + 3) % 100)}`,
    cvc: '123', addressLine1: '214 East Bay St', zipCode: '29401',
  });

  it('a contact gets 20 tokenization attempts per hour (declines count): then 429 rate_limited in the payments error shape', async () => {
    await s.db.deleteFrom('paymentAttempts' as never).execute();
    const paymentMethodsJwt = await jwt(await s.token({}));
    for (let i = 0; i < 20; i++) {
      const res = await tokenize(paymentMethodsJwt, card(i % 2 === 0 ? '4000000000000002' : '4242424242424242'));
      expect([200, 402]).toContain(res.statusCode);
    }
    const refused = await tokenize(paymentMethodsJwt, card('4242424242424242'));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.json()).toEqual({ errors: [{ code: 'rate_limited', message: expect.any(String) }] });
    // another contact is not affected
    const other = await s.inject({ url: `${pfgPath(s.demo.locations.saltmarsh)}/paymentmethods`, headers: s.auth(await s.token({ contactId: s.demo.otherContactId })) });
    const otherRes = await tokenize(other.json().paymentMethodsJwt, { ...card('4242424242424242'), nameOnCard: 'Marcus Bell' });
    expect(otherRes.statusCode).toBe(200);
  });

  it('a contact gets 10 wrong micro-deposit answers per day across its methods: then 429 rate_limited, even for the right amounts', async () => {
    await s.db.deleteFrom('paymentAttempts' as never).execute();
    const token = await s.token({});
    const paymentMethodsJwt = await jwt(token);
    // five bank accounts of 3 attempts each could otherwise take 15 guesses
    const methodIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const key = await tokenize(paymentMethodsJwt, { type: 'ACH', provider: 'priority-ach', name: `Guess ${i}`, bankRoutingNumber: '021000021', checkingAccountNumber: `5550000${i}` });
      expect(key.statusCode).toBe(200);
      const created = await s.inject({ method: 'POST', url: `${blueHeron()}/paymentmethods`, headers: s.auth(token), payload: { paymentMethodKey: key.json().key } });
      expect(created.statusCode).toBe(201);
      methodIds.push(created.json().paymentMethod.id);
    }
    const verify = (id: string, amounts: number[]) =>
      s.inject({ method: 'POST', url: `${blueHeron()}/paymentmethods/${id}/verify`, headers: s.auth(token), payload: { amounts } });
    let wrong = 0;
    for (const id of methodIds) {
      for (let attempt = 0; attempt < 2 && wrong < 10; attempt++, wrong++) {
        const res = await verify(id, [0.01, 0.02]);
        expect(res.statusCode).toBe(422);
        expect(res.json().errorCode).toBe('verification_failed');
      }
    }
    const refused = await verify(methodIds[4], [0.32, 0.45]);
    expect(refused.statusCode).toBe(429);
    expectMatchesContract('verifyPaymentMethod', 429, refused.json());
    expect(refused.json().errorCode).toBe('rate_limited');
    expect(refused.headers['retry-after']).toBe(String(24 * 3600));
    const row = await s.db.selectFrom('paymentMethods').select('verificationRequired').where('id', '=', methodIds[4]).executeTakeFirstOrThrow();
    expect(row.verificationRequired).toBe(true);
  });
});
