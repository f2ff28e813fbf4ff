// @vitest-environment node
/**
 * "bad input and headers": whatever layer refuses a request (body check, validation, Fastify's router,
 * Node's HTTP parser), the answer is the one error shape with the security headers, never a 500, and nothing is
 * written. Also: no-store on the payments service, the content security policy, vendor logo URLs, query strings
 * in the log, and `POST .../visits` with a foreign body.
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsDb } from '../../server/payments-service/schema.js';
import { expectMatchesContract } from './helpers/contract.js';
import { startTestServer, type TestServer } from './helpers/app.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const pfgPath = (locationId: string) => `/api/vendors/${s.demo.vendors.pfg}/locations/${locationId}`;
const blueHeron = () => pfgPath(s.demo.locations.blueHeron);
const count = async (table: string) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(s.db)).rows[0]!.n);

/**
 * The security headers every answer carries: the portal's, or — for the payments service, on its own origin — that
 * origin's (nothing but its own files, framed by the portal alone: server/payments-service/origin.ts).
 */
function expectSecurityHeaders(headers: Record<string, unknown>, origin: 'portal' | 'payments' = 'portal') {
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');
  if (origin === 'payments') {
    expect(headers['content-security-policy']).toContain("default-src 'none'");
    expect(headers['content-security-policy']).toContain(`frame-ancestors ${s.config.publicUrl}`);
    return;
  }
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('deeply nested JSON', () => {
  it.each([
    ['100,000 [ on POST /letmein', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    ['a contact nested 10,000 objects deep', `{"contact":${'{"a":'.repeat(10_000)}"x"${'}'.repeat(10_000)}}`],
    ['nesting around a __proto__ key', `${'['.repeat(50_000)}{"__proto__":{}}${']'.repeat(50_000)}`],
  ])('%s → 400 validation_failed, nothing recorded', async (_name, payload) => {
    await s.db.deleteFrom('letmeinAttempts').execute();
    const res = await s.inject({ method: 'POST', url: '/api/letmein', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    expectMatchesContract('requestLoginLink', 400, res.json());
    expect(res.json().errorCode).toBe('validation_failed');
    expect(await count('letmein_attempts')).toBe(0);
  });
});

describe('bodies of an undeclared media type, or none', () => {
  let token: string;
  let jwt: string;
  beforeAll(async () => {
    token = await s.token({});
    const list = await s.inject({ url: `${blueHeron()}/paymentmethods`, headers: s.auth(token) });
    jwt = list.json().paymentMethodsJwt;
  });

  const operations = () => [
    { operationId: 'requestLoginLink', url: '/api/letmein', headers: {}, tables: ['letmein_attempts', 'outbox'] },
    { operationId: 'createPaymentMethod', url: `${blueHeron()}/paymentmethods`, headers: s.auth(token), tables: ['payment_methods'] },
    {
      operationId: 'verifyPaymentMethod',
      url: `${blueHeron()}/paymentmethods/${randomUUID()}/verify`,
      headers: s.auth(token),
      tables: ['payment_methods', 'payment_attempts'],
    },
    {
      operationId: 'createPaymentGroup',
      url: `${blueHeron()}/paymentgroups`,
      headers: { ...s.auth(token), 'idempotency-key': randomUUID() },
      tables: ['payment_groups', 'payments', 'idempotency_keys'],
    },
    { operationId: 'tokenize', url: '/payments-api/tokenizer', headers: { authorization: `Bearer ${jwt}` }, tables: ['payment_attempts', 'tokenized_methods'] },
  ];

  const errorOf = (operationId: string, res: { json(): any }) => {
    if (operationId === 'tokenize') {
      expect(res.json()).toEqual({ errors: [{ code: expect.any(String), message: expect.any(String) }] });
      return res.json().errors[0].code as string;
    }
    return res.json().errorCode as string;
  };

  const snapshot = async (tables: string[]) => Promise.all(tables.map((t) => count(t)));

  it.each([
    ['text/plain', 'text/plain', '{"contact":"demo@example.com"}'],
    ['text/plain; charset=utf-8', 'text/plain; charset=utf-8', 'hello'],
    ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded', 'contact=demo%40example.com'],
    ['application/xml', 'application/xml', '<contact/>'],
  ])('%s → 415 unsupported_media_type in the operation’s error shape; nothing written', async (_name, contentType, payload) => {
    for (const op of operations()) {
      const before = await snapshot(op.tables);
      const res = await s.inject({ method: 'POST', url: op.url, headers: { ...op.headers, 'content-type': contentType }, payload });
      expect(res.statusCode, op.operationId).toBe(415);
      expect(errorOf(op.operationId, res), op.operationId).toBe('unsupported_media_type');
      if (op.operationId !== 'tokenize') expectMatchesContract(op.operationId, 415, res.json());
      expectSecurityHeaders(res.headers, op.operationId === 'tokenize' ? 'payments' : 'portal');
      expect(await snapshot(op.tables), op.operationId).toEqual(before);
    }
  });

  it('no body where one is required → 400 validation_failed (field body); nothing written', async () => {
    for (const op of operations()) {
      for (const headers of [op.headers, { ...op.headers, 'content-type': 'text/plain' }]) {
        const before = await snapshot(op.tables);
        const res = await s.inject({ method: 'POST', url: op.url, headers });
        expect(res.statusCode, op.operationId).toBe(400);
        expect(errorOf(op.operationId, res), op.operationId).toBe('validation_failed');
        if (op.operationId !== 'tokenize') {
          expectMatchesContract(op.operationId, 400, res.json());
          expect(res.json().field).toBe('body');
        }
        expect(await snapshot(op.tables), op.operationId).toEqual(before);
      }
    }
  });

  it('application/json with a charset still passes', async () => {
    await s.db.deleteFrom('letmeinAttempts').execute();
    const res = await s.inject({
      method: 'POST', url: '/api/letmein', headers: { 'content-type': 'Application/JSON; charset=utf-8' }, payload: '{"contact":"nobody@example.com"}',
    });
    expect(res.statusCode).toBe(202);
  });

  it('a body on an operation that takes none → 415', async () => {
    const res = await s.inject({
      method: 'DELETE', url: `${blueHeron()}/paymentmethods/${randomUUID()}`, headers: { ...s.auth(token), 'content-type': 'application/json' }, payload: '{}',
    });
    expect(res.statusCode).toBe(415);
    expectMatchesContract('deletePaymentMethod', 415, res.json());
  });
});

describe('POST .../visits', () => {
  it('with a non-JSON body → 415 and no visit recorded; without a body or with {} → 204 and recorded', async () => {
    const token = await s.token({});
    const url = `${blueHeron()}/visits`;
    const before = await count('visits');
    for (const [contentType, payload] of [['text/plain', 'x'], ['application/octet-stream', 'x'], ['text/plain', '{}']]) {
      const res = await s.inject({ method: 'POST', url, headers: { ...s.auth(token), 'content-type': contentType! }, payload });
      expect(res.statusCode, contentType).toBe(415);
      expectMatchesContract('recordVisit', 415, res.json());
    }
    expect(await count('visits')).toBe(before);
    expect((await s.inject({ method: 'POST', url, headers: s.auth(token) })).statusCode).toBe(204);
    expect((await s.inject({ method: 'POST', url, headers: s.auth(token), payload: {} })).statusCode).toBe(204);
    expect(await count('visits')).toBe(before + 2);
  });
});

describe('numbers out of range', () => {
  it.each(['1e309', '-1e309', '1000000000'])('newAmount %s in a partial payment → 400 naming the field, nothing written', async (newAmount) => {
    const token = await s.token({});
    const invoice = await s.db.selectFrom('invoices').select('id').where('locationId', '=', s.demo.locations.blueHeron).limit(1).executeTakeFirstOrThrow();
    const before = [await count('payment_groups'), await count('payments')];
    const res = await s.inject({
      method: 'POST',
      url: `${blueHeron()}/paymentgroups`,
      headers: { ...s.auth(token), 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
      payload: `{"paymentMethodId":"${randomUUID()}","paymentDate":"2030-01-02","epaVersion":"4","invoices":["${invoice.id}"],` +
        `"partialPayments":[{"invoiceId":"${invoice.id}","amount":"1.00","newAmount":${newAmount},"reason":"Refused"}]}`,
    });
    expect(res.statusCode).toBe(400);
    expectMatchesContract('createPaymentGroup', 400, res.json());
    expect(res.json()).toMatchObject({ errorCode: 'validation_failed', field: 'partialPayments[0].newAmount' });
    expect([await count('payment_groups'), await count('payments')]).toEqual(before);
  });

  it('micro-deposit amounts of 1e309 → 400', async () => {
    const token = await s.token({});
    const res = await s.inject({
      method: 'POST', url: `${blueHeron()}/paymentmethods/${randomUUID()}/verify`,
      headers: { ...s.auth(token), 'content-type': 'application/json' }, payload: '{"amounts":[1e309,0.5]}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'validation_failed', field: 'amounts[0]' });
  });
});

describe('Fastify’s and Node’s own refusals', () => {
  it('a malformed percent-encoding → 400 in the error shape with the security headers, the URL not echoed', async () => {
    const res = await s.inject({ url: '/api/vendors/%zzSECRETTOKEN/locations' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'validation_failed', field: 'url' });
    expect(res.body).not.toContain('SECRETTOKEN');
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a path segment of 5,000 characters reaches its route: 400 naming the parameter (the contract bounds it), the URL not echoed', async () => {
    const segment = `SECRET${'a'.repeat(5_000)}`;
    const token = await s.token({});
    const res = await s.inject({ url: `/api/vendors/${segment}/locations`, headers: s.auth(token) });
    expect(res.statusCode).toBe(400);
    expectMatchesContract('listLocations', 400, res.json());
    expect(res.json()).toMatchObject({ errorCode: 'validation_failed', field: 'vendorId' });
    expect(res.body).not.toContain('SECRET');
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
    // without a key, the vendor API's GET-by-id answers what its contract says: 401 (it was the static files' 403)
    const vendor = await s.inject({ url: `/vendor-api/contacts/${segment}` });
    expect(vendor.statusCode).toBe(401);
    expect(vendor.json().errorCode).toBe('invalid');
  });

  describe('on a listening server', () => {
    let port: number;
    beforeAll(async () => {
      await s.app.listen({ port: 0, host: '127.0.0.1' });
      port = (s.app.server.address() as net.AddressInfo).port;
    });

    /** Sends raw bytes and reads the whole answer (the server closes the connection). */
    const raw = (bytes: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
        socket.on('end', () => resolve(answer));
        socket.on('close', () => resolve(answer));
        socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
        socket.write(bytes);
      });

    const parse = (answer: string) => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      return { status: Number(statusLine.split(' ')[1]), headers, body };
    };

    it('headers over 16 KiB → 431 in the error shape with the security headers, nothing echoed', async () => {
      const answer = parse(await raw(`GET /api/vendors?token=SECRET HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`));
      expect(answer.status).toBe(431);
      expect(JSON.parse(answer.body)).toEqual({ errorCode: 'request_header_fields_too_large', message: expect.any(String) });
      expectSecurityHeaders(answer.headers);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).not.toContain('SECRET');
    });

    it('a URL over 16 KiB → 431 likewise', async () => {
      const answer = parse(await raw(`GET /api/${'u'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
      expect(answer.status).toBe(431);
      expect(JSON.parse(answer.body).errorCode).toBe('request_header_fields_too_large');
      expectSecurityHeaders(answer.headers);
    });

    it('a malformed request line → 400 in the error shape with the security headers', async () => {
      const answer = parse(await raw('THIS IS NOT HTTP\r\n\r\n'));
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ errorCode: 'bad_request', message: expect.any(String) });
      expectSecurityHeaders(answer.headers);
    });
  });
});

describe('headers', () => {
  it('the payments service answers are never cached', async () => {
    const refused = await s.inject({ method: 'POST', url: '/payments-api/tokenizer', payload: {} });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const token = await s.token({});
    const { paymentMethodsJwt } = (await s.inject({ url: `${blueHeron()}/paymentmethods`, headers: s.auth(token) })).json();
    const ok = await s.inject({
      method: 'POST', url: '/payments-api/tokenizer', headers: { authorization: `Bearer ${paymentMethodsJwt}` },
      payload: { type: 'ACH', provider: 'priority-ach', name: 'Checking', bankRoutingNumber: '021000021', checkingAccountNumber: '55509876' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
  });

  it('the content security policy allows no <base> and images from the portal only', async () => {
    const res = await s.inject({ url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("base-uri 'none'");
    const img = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('img-src'));
    expect(img).toBe("img-src 'self' data:");
  });
});

describe('vendor logo URLs', () => {
  it.each([
    ['https://cdn.example.com/logo.png', 'https://cdn.example.com/logo.png'],
    ['http://cdn.example.com/logo.png', 'http://cdn.example.com/logo.png'],
    ['/static/logos/pfg.png', '/static/logos/pfg.png'],
    ['javascript:alert(1)', null],
    [' JavaScript:alert(1)', null],
    ['data:image/svg+xml,<svg onload=alert(1)>', null],
    ['//evil.example/logo.png', null],
    ['/\\evil.example/logo.png', null],
    ['vbscript:msgbox', null],
    ['', null],
  ])('%j is answered as %j', async (logoUrl, expected) => {
    const vendor = await s.db.selectFrom('vendors').select('config').where('id', '=', s.demo.vendors.pfg).executeTakeFirstOrThrow();
    await s.db.updateTable('vendors').set({ config: { ...(vendor.config ?? {}), logoUrl } as never }).where('id', '=', s.demo.vendors.pfg).execute();
    try {
      const res = await s.inject({ url: '/api/vendors', headers: s.auth(await s.token({})) });
      expect(res.statusCode).toBe(200);
      expectMatchesContract('listVendors', 200, res.json());
      const pfg = res.json().vendors.find((v: { id: string }) => v.id === s.demo.vendors.pfg);
      expect(pfg.config.logoUrl).toBe(expected);
    } finally {
      await s.db.updateTable('vendors').set({ config: vendor.config as never }).where('id', '=', s.demo.vendors.pfg).execute();
    }
  });
});

describe('logs', () => {
  it('never contain a query value (a token sent as ?token=)', async () => {
    const token = await s.token({});
    const res = await s.inject({ url: `/api/tokens/current?token=${token}`, headers: s.auth(token) });
    expect(res.statusCode).toBe(200);
    await s.inject({ url: `/token/x?access=${token}`, headers: { accept: 'text/html' } });
    const text = s.logs.join('');
    expect(text).toContain('/api/tokens/current?token=[redacted]');
    expect(text).not.toContain(token);
  });
});

describe('tokenizer refusals record no attempt', () => {
  it('text/plain at the tokenizer counts no attempt against the contact', async () => {
    const token = await s.token({});
    const { paymentMethodsJwt } = (await s.inject({ url: `${blueHeron()}/paymentmethods`, headers: s.auth(token) })).json();
    const before = await count('payment_attempts');
    const keys = await paymentsDb(s.db).selectFrom('tokenizedMethods').select('id').execute();
    const res = await s.inject({
      method: 'POST', url: '/payments-api/tokenizer', headers: { authorization: `Bearer ${paymentMethodsJwt}`, 'content-type': 'text/plain' },
      payload: '{"type":"ACH","provider":"priority-ach","name":"x","bankRoutingNumber":"021000021","checkingAccountNumber":"55501234"}',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors[0].code).toBe('unsupported_media_type');
    expect(await count('payment_attempts')).toBe(before);
    expect(await paymentsDb(s.db).selectFrom('tokenizedMethods').select('id').execute()).toHaveLength(keys.length);
  });
});
