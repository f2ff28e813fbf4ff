// @vitest-environment node
/** The shell around the API: 501 for unimplemented operations, health, docs, the SPA fallback, headers. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { portalHandlers } from '../../server/routes/index.js';
import { testConfig } from '../../server/config.js';
import { contract, contractOperationIds, expectMatchesContract } from './helpers/contract.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { writeFixtureInventory } from './helpers/dist-fixture.js';

let s: TestServer;
let token: string;
const distDir = mkdtempSync(path.join(tmpdir(), 'pp-dist-'));

beforeAll(async () => {
  mkdirSync(path.join(distDir, 'assets'));
  mkdirSync(path.join(distDir, 'static'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>PerformancePay</title><div id="root"></div>');
  writeFileSync(path.join(distDir, 'assets', 'app-1234.js'), 'console.log("app")');
  writeFileSync(path.join(distDir, 'static', 'announcements.json'), '{"announcements":[]}');
  writeFixtureInventory(distDir);
  s = await startTestServer({ config: { distDir } });
  token = await s.token({});
});
afterAll(async () => {
  await s?.close();
});

/** A concrete URL for a contract path: the demo's own vendor and location, fresh UUIDs for other ids. */
function urlFor(p: string): string {
  return `/api${p}`
    .replace('{vendorId}', s.demo.vendors.pfg)
    .replace('{locationId}', s.demo.locations.blueHeron)
    .replace(/\{[A-Za-z]+\}/g, '7d8f1c2a-3b4e-4f50-8a6b-1c2d3e4f5a6b');
}

describe('operations without an implementation', () => {
  const implemented = new Set(Object.keys(portalHandlers({ db: null as never, config: testConfig() })));
  const operations = Object.entries<any>(contract.paths).flatMap(([p, item]) =>
    Object.entries<any>(item)
      .filter(([, op]) => op?.operationId)
      .map(([method, op]) => ({ method: method.toUpperCase(), path: p, operationId: op.operationId as string, op })),
  );
  const templateMessages = operations.find((o) => o.operationId === 'listTemplateMessages')!;

  it('every operation of the contract has a handler, and every handler is in the contract', () => {
    expect(operations.filter((o) => !implemented.has(o.operationId)).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    const ids = new Set(contractOperationIds());
    for (const id of implemented) expect(ids.has(id), id).toBe(true);
  });

  /** The server with one operation left without its handler (the fallback every operation had before its issue). */
  async function withoutTemplateMessages<T>(run: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
    const app = await buildApp({ db: s.db, config: s.config, logger: false, withoutHandlers: [templateMessages.operationId] });
    try {
      return await run(app);
    } finally {
      await app.close();
    }
  }

  it('an operation without a handler answers 501 not_implemented with the Error body', async () => {
    await withoutTemplateMessages(async (app) => {
      const res = await app.inject({ method: 'GET', url: urlFor(templateMessages.path), headers: s.auth(token) });
      expect(res.statusCode).toBe(501);
      expectMatchesContract(templateMessages.operationId, 501, res.json());
      expect(res.json()).toEqual({ errorCode: 'not_implemented', message: `${templateMessages.operationId} is not implemented yet` });
    });
  });

  it('still asks for a token first', async () => {
    await withoutTemplateMessages(async (app) => {
      const res = await app.inject({ method: 'GET', url: urlFor(templateMessages.path) });
      expect(res.statusCode).toBe(401);
    });
  });

  it('a handler supplied later replaces the 501', async () => {
    const calls: string[] = [];
    const app = await buildApp({
      db: s.db, config: s.config, logger: false,
      handlers: {
        [templateMessages.operationId]: async (request, reply) => {
          calls.push(request.auth!.contactId);
          return reply.code(204).send();
        },
      },
    });
    try {
      const res = await app.inject({ url: urlFor(templateMessages.path), headers: s.auth(token) });
      expect(res.statusCode).toBe(204);
      expect(calls).toEqual([s.demo.contactId]);
    } finally {
      await app.close();
    }
  });
});

describe('the payments service', () => {
  it('is served on its own origin only, from its own contract, in its processor-error shape; the portal does not take card numbers', async () => {
    // The tokenizer checks the paymentMethodsJwt before the body (tests/server/tokenizer.test.ts covers the rest).
    const unauthenticated = await s.payments.inject({ method: 'POST', url: '/payments-api/tokenizer', payload: { type: 'CC', extra: 1 } });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json()).toEqual({ errors: [{ code: 'unauthorized', message: expect.any(String) }] });

    const unknown = await s.payments.inject({ url: '/payments-api/nothing', headers: { accept: 'text/html' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: [{ code: 'not_found', message: expect.any(String) }] });

    // issue 21: the portal's origin has no tokenizer — a card sent there is not even parsed
    const atPortal = await s.app.inject({
      method: 'POST',
      url: '/payments-api/tokenizer',
      payload: { type: 'CC', provider: 'plastiq-cc', nameOnCard: 'A', ccNumber: '4242424242424242', expDate: '12/30', cvc: '123', addressLine1: 'x', zipCode: '29401' },
    });
    expect(atPortal.statusCode).toBe(404);
    expect(atPortal.body).not.toContain('4242');
    expect(s.logs.join('')).not.toContain('4242424242424242');
  });
});

describe('outside the contract', () => {
  it('GET /healthz (liveness) answers ok', async () => {
    const res = await s.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/docs is an HTML page whose scripts are served locally; the contract is served as JSON', async () => {
    const page = await s.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    for (const src of scripts) {
      expect(src.startsWith('/')).toBe(true);
      const script = await s.app.inject({ url: src });
      expect(script.statusCode, src).toBe(200);
    }
    const doc = await s.app.inject({ url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths['/letmein']).toBeDefined();
  });

  it('an unknown /api path answers 404 with the Error body, not the SPA', async () => {
    const res = await s.app.inject({ url: '/api/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errorCode: 'not_found' });
  });

  it('SPA routes get index.html; assets are served with long caching', async () => {
    for (const url of ['/', `/token/${token}/vendors`, '/performancefoodservice', '/no/such/page']) {
      const res = await s.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await s.app.inject({ url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // A missing file is a 404, never index.html in its place.
    const missing = await s.app.inject({ url: '/assets/missing-5678.js', headers: { accept: '*/*' } });
    expect(missing.statusCode).toBe(404);
    const file = await s.app.inject({ url: '/static/announcements.json' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('no-store');
  });

  it('every answer carries the security headers; no referrer leaves with a token URL', async () => {
    for (const url of ['/', '/api/vendors', '/healthz']) {
      const res = await s.app.inject({ url, headers: { accept: 'text/html', ...s.auth(token) } });
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const api = await s.app.inject({ url: '/api/vendors', headers: s.auth(token) });
    expect(api.headers['cache-control']).toBe('no-store');
  });
});
