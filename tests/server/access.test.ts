// @vitest-environment node
/** Token info, 401 codes, `POST /letmein` (same answer for everyone, outbox, validation, rate limits), log hygiene. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { settled } from '../../server/http/after-reply.js';
import { DEMO_EMAIL, OTHER_CONTACT_EMAIL } from '../../server/seed/demo.js';
import { expectMatchesContract } from './helpers/contract.js';
import { startTestServer, type TestServer } from './helpers/app.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const outboxCount = async () => Number((await s.db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
/** A login-link request, answered and its work after the answer (lookup, links, outbox) done. */
const letmein = async (payload: unknown, remoteAddress = '10.0.0.1') => {
  const res = await s.app.inject({ method: 'POST', url: '/api/letmein', payload: payload as object, remoteAddress });
  await settled(s.db);
  return res;
};
const clearAttempts = () => s.db.deleteFrom('letmeinAttempts').execute();

describe('GET /api/tokens/current', () => {
  it('answers the info of an active login token: no request, vendor or location', async () => {
    const token = await s.token({ type: 'login' });
    const res = await s.app.inject({ url: '/api/tokens/current', headers: s.auth(token) });
    expect(res.statusCode).toBe(200);
    expectMatchesContract('getCurrentToken', 200, res.json());
    expect(res.json()).toEqual({ id: '', type: 'login', status: 'active', vendorId: '', locationId: '' });
  });

  it('answers the request, vendor and location a link was issued for; a complete token still authenticates', async () => {
    const { vendors, locations, requests } = s.demo;
    const token = await s.token({
      type: 'autopay', status: 'complete', vendorId: vendors.pfg, locationId: locations.harborStreet, requestId: requests.autopay,
    });
    const res = await s.app.inject({ url: '/api/tokens/current', headers: s.auth(token) });
    expect(res.statusCode).toBe(200);
    expectMatchesContract('getCurrentToken', 200, res.json());
    expect(res.json()).toEqual({
      id: requests.autopay, type: 'autopay', status: 'complete', vendorId: vendors.pfg, locationId: locations.harborStreet,
    });
  });

  it.each([
    ['a canceled token', { status: 'canceled' as const, ttlDays: 7 }, 'canceled'],
    ['an expired token', { status: 'expired' as const, ttlDays: 7 }, 'expired'],
    ['an active token past its expiry', { status: 'active' as const, ttlDays: -1 }, 'expired'],
  ])('refuses %s with 401 %s', async (_name, input, errorCode) => {
    const token = await s.token(input);
    const res = await s.app.inject({ url: '/api/tokens/current', headers: s.auth(token) });
    expect(res.statusCode).toBe(401);
    expectMatchesContract('getCurrentToken', 401, res.json());
    expect(res.json().errorCode).toBe(errorCode);
  });

  it.each([
    ['no Authorization header', {}],
    ['an unknown token', { authorization: `ContactAccess ${'A'.repeat(43)}` }],
    ['a malformed token', { authorization: 'ContactAccess not-a-token' }],
    ['another scheme', { authorization: 'Bearer abc' }],
  ])('refuses %s with 401 invalid', async (_name, headers) => {
    const res = await s.app.inject({ url: '/api/tokens/current', headers });
    expect(res.statusCode).toBe(401);
    expectMatchesContract('getCurrentToken', 401, res.json());
    expect(res.json()).toEqual({ errorCode: 'invalid', message: 'This link is invalid.' });
  });

  it('refuses the raw token when it is sent as its stored hash (only the hash is stored)', async () => {
    const token = await s.token({});
    const row = await s.db.selectFrom('tokens').select('tokenHash').orderBy('createdAt', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(row.tokenHash).not.toContain(token);
    const res = await s.app.inject({ url: '/api/tokens/current', headers: s.auth(row.tokenHash) });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/letmein', () => {
  it('answers 202 accepted for a known e-mail and writes one outbox message per channel with a login link', async () => {
    await clearAttempts();
    const before = await outboxCount();
    const res = await letmein({ contact: '  Demo@Example.com ' });
    expect(res.statusCode).toBe(202);
    expectMatchesContract('requestLoginLink', 202, res.json());
    expect(res.json()).toEqual({ status: 'accepted' });

    const rows = await s.db.selectFrom('outbox').selectAll().orderBy('createdAt', 'desc').limit(2).execute();
    expect(await outboxCount()).toBe(before + 2);
    const email = rows.find((r) => r.channel === 'email')!;
    const sms = rows.find((r) => r.channel === 'sms')!;
    expect(email.recipient).toBe(DEMO_EMAIL);
    expect(email.subject).toBe('Your PerformancePay login link');
    expect(sms.recipient).toBe('5550102030');

    // The link in the message is a working login link for the demo contact.
    const link = /http:\/\/portal\.test\/token\/([A-Za-z0-9_-]{43})/.exec(email.body);
    expect(link).not.toBeNull();
    expect(sms.body).toContain(link![0]);
    const info = await s.app.inject({ url: '/api/tokens/current', headers: s.auth(link![1]) });
    expect(info.json()).toMatchObject({ type: 'login', status: 'active' });
    const token = await s.db.selectFrom('tokens').selectAll().orderBy('createdAt', 'desc').limit(1).executeTakeFirstOrThrow();
    const days = (token.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('matches a mobile number by its digits', async () => {
    await clearAttempts();
    const before = await outboxCount();
    const res = await letmein({ contact: '(555) 010-2030' });
    expect(res.statusCode).toBe(202);
    expect(await outboxCount()).toBe(before + 2);
  });

  it('answers an unknown address exactly like a known one and writes nothing to the outbox', async () => {
    await clearAttempts();
    const before = await outboxCount();
    const known = await letmein({ contact: OTHER_CONTACT_EMAIL });
    const afterKnown = await outboxCount();
    const unknown = await letmein({ contact: 'nobody@nowhere.example' });
    const unknownPhone = await letmein({ contact: '555-999-0000' });
    expect(afterKnown).toBeGreaterThan(before);
    expect(await outboxCount()).toBe(afterKnown);
    for (const res of [unknown, unknownPhone]) {
      expect(res.statusCode).toBe(known.statusCode);
      expect(res.body).toBe(known.body);
      expect(res.headers['content-type']).toBe(known.headers['content-type']);
    }
  });

  it('rejects an unknown body field with 400 naming the field, and writes nothing', async () => {
    await clearAttempts();
    const before = await outboxCount();
    const tokensBefore = await s.db.selectFrom('tokens').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const res = await letmein({ contact: DEMO_EMAIL, remember: true });
    expect(res.statusCode).toBe(400);
    expectMatchesContract('requestLoginLink', 400, res.json());
    expect(res.json()).toMatchObject({ errorCode: 'validation_failed', field: 'remember' });
    expect(res.json().message).toContain('remember');
    expect(await outboxCount()).toBe(before);
    const tokensAfter = await s.db.selectFrom('tokens').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(tokensAfter.n)).toBe(Number(tokensBefore.n));
    const attempts = await s.db.selectFrom('letmeinAttempts').selectAll().execute();
    expect(attempts).toHaveLength(0);
  });

  it.each([
    ['a number instead of a string', { contact: 5550102030 }, 'contact'],
    ['a missing contact', {}, 'contact'],
    ['an empty contact', { contact: '' }, 'contact'],
  ])('rejects %s with 400 naming the field', async (_name, payload, field) => {
    const before = await outboxCount();
    const res = await letmein(payload);
    expect(res.statusCode).toBe(400);
    expectMatchesContract('requestLoginLink', 400, res.json());
    expect(res.json()).toMatchObject({ errorCode: 'validation_failed', field });
    expect(await outboxCount()).toBe(before);
  });

  it('rejects a body that is not JSON with 400 and the error body', async () => {
    const res = await s.app.inject({
      method: 'POST', url: '/api/letmein', payload: '{"contact":', headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expectMatchesContract('requestLoginLink', 400, res.json());
  });

  const sentTo = async (recipient: string) =>
    Number((await s.db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('recipient', '=', recipient).executeTakeFirstOrThrow()).n);

  it('sends one address at most 5 links per 15 minutes, yet never refuses its requests (a stranger cannot lock the owner out)', async () => {
    await clearAttempts();
    const before = await sentTo(DEMO_EMAIL);
    // a stranger asks for the owner's address from five places, then five more times
    for (let i = 0; i < 10; i++) {
      const res = await letmein({ contact: i % 2 ? 'DEMO@example.com' : DEMO_EMAIL }, `10.1.0.${i}`);
      expect(res.statusCode).toBe(202);
      expectMatchesContract('requestLoginLink', 202, res.json());
    }
    expect(await sentTo(DEMO_EMAIL)).toBe(before + 5);
    // the owner's own request is answered like any other (202, no 429) — the links already sent are in their inbox
    const owner = await letmein({ contact: DEMO_EMAIL }, '10.1.0.99');
    expect(owner.statusCode).toBe(202);
    expect(owner.json()).toEqual({ status: 'accepted' });
    expect(await sentTo(DEMO_EMAIL)).toBe(before + 5);
    // another address from the same clients is still sent its link
    const other = await sentTo(OTHER_CONTACT_EMAIL);
    expect((await letmein({ contact: OTHER_CONTACT_EMAIL }, '10.1.0.99')).statusCode).toBe(202);
    expect(await sentTo(OTHER_CONTACT_EMAIL)).toBe(other + 1);
  });

  it('over the cap, sends the address a fresh link once its latest is 5 minutes old', async () => {
    await clearAttempts();
    const before = await sentTo(DEMO_EMAIL);
    for (let i = 0; i < 6; i++) expect((await letmein({ contact: DEMO_EMAIL }, `10.5.0.${i}`)).statusCode).toBe(202);
    expect(await sentTo(DEMO_EMAIL)).toBe(before + 5);
    await sql`update letmein_attempts set created_at = created_at - interval '5 minutes'`.execute(s.db);
    expect((await letmein({ contact: DEMO_EMAIL }, '10.5.0.99')).statusCode).toBe(202);
    expect(await sentTo(DEMO_EMAIL)).toBe(before + 6);
    // and not a second one right after
    expect((await letmein({ contact: DEMO_EMAIL }, '10.5.0.98')).statusCode).toBe(202);
    expect(await sentTo(DEMO_EMAIL)).toBe(before + 6);
  });

  it('holds the per-address sending cap when requests arrive at once', async () => {
    await clearAttempts();
    const before = await sentTo(OTHER_CONTACT_EMAIL);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => letmein({ contact: OTHER_CONTACT_EMAIL }, `10.4.0.${i}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(202));
    expect(await sentTo(OTHER_CONTACT_EMAIL)).toBe(before + 5);
  });

  it('counts links older than 15 minutes no more', async () => {
    await clearAttempts();
    const before = await sentTo(DEMO_EMAIL);
    for (let i = 0; i < 6; i++) expect((await letmein({ contact: DEMO_EMAIL }, '10.3.0.1')).statusCode).toBe(202);
    expect(await sentTo(DEMO_EMAIL)).toBe(before + 5);
    await sql`update letmein_attempts set created_at = created_at - interval '16 minutes'`.execute(s.db);
    for (let i = 0; i < 5; i++) expect((await letmein({ contact: DEMO_EMAIL }, '10.3.0.1')).statusCode).toBe(202);
    expect(await sentTo(DEMO_EMAIL)).toBe(before + 10);
  });

  it('limits one client to 20 requests per 15 minutes, whatever the addresses', async () => {
    await clearAttempts();
    for (let i = 0; i < 20; i++) {
      expect((await letmein({ contact: `visitor${i}@example.com` }, '10.2.0.7')).statusCode).toBe(202);
    }
    const res = await letmein({ contact: 'visitor21@example.com' }, '10.2.0.7');
    expect(res.statusCode).toBe(429);
    expect(res.json().errorCode).toBe('rate_limited');
    expect((await letmein({ contact: 'visitor21@example.com' }, '10.2.0.8')).statusCode).toBe(202);
  });
});

describe('logs', () => {
  it('never contain a token or a login link', async () => {
    await clearAttempts();
    const token = await s.token({});
    await s.app.inject({ url: '/api/tokens/current', headers: s.auth(token) });
    await s.app.inject({ url: `/token/${token}/vendors`, headers: { accept: 'text/html' } });
    await letmein({ contact: DEMO_EMAIL });
    const issued = await s.db.selectFrom('outbox').select('body').orderBy('createdAt', 'desc').limit(1).executeTakeFirstOrThrow();
    const linkToken = /\/token\/([A-Za-z0-9_-]{43})/.exec(issued.body)![1];

    const text = s.logs.join('');
    expect(text).toContain('/token/[redacted]/vendors'); // the request was logged, masked
    expect(text).not.toContain(token);
    expect(text).not.toContain(linkToken);
    expect(text).not.toMatch(/ContactAccess\s+[A-Za-z0-9_-]{20,}/);
  });
});
