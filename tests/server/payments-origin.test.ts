// @vitest-environment node
/**
 * The payments service on its own origin (issue 21, server/payments-service/origin.ts): the hosted fields page with
 * the portal as its only frame ancestor and message partner, Subresource Integrity on what it loads, the tokenizer
 * answering there, CSP reports logged without paths, and a configuration that would put the card fields on the
 * portal's origin refused.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPaymentsApp, hostedFieldsCsp } from '../../server/payments-service/origin.js';
import { cspViolations } from '../../server/http/csp-reports.js';
import { startTestServer, type TestServer } from './helpers/app.js';

const contractPath = path.resolve(import.meta.dirname, '../../openapi/payments.yaml');
const PORTAL = 'http://portal.test';
const PAYMENTS = 'https://pay.example.com';

let s: TestServer;
let app: FastifyInstance;
let dist: string;
const logLines: string[] = [];
const SCRIPT = 'console.log("hosted fields")\n';
const STYLE = 'input{font:inherit}\n';

beforeAll(async () => {
  s = await startTestServer();
  // a built page as `vite build -c vite.payments.config.ts` writes it (the real build runs in the browser journeys)
  dist = mkdtempSync(path.join(tmpdir(), 'pp-hosted-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'hosted-fields-abc123.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'hosted-fields-def456.css'), STYLE);
  writeFileSync(
    path.join(dist, 'hosted-fields.html'),
    '<!doctype html><html><head><meta name="pp-parent-origin" content="%PARENT_ORIGIN%" />' +
      '<script type="module" crossorigin src="/hosted-fields/assets/hosted-fields-abc123.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/hosted-fields/assets/hosted-fields-def456.css"></head><body><form id="fields"></form></body></html>',
  );
  const stream = new Writable({ write(chunk, _enc, done) { logLines.push(String(chunk)); done(); } });
  app = await buildPaymentsApp({ db: s.db, portalUrl: `${PORTAL}/`, paymentsUrl: PAYMENTS, distDir: dist, contractPath, logger: { level: 'info', stream } as never });
});
afterAll(async () => {
  await app?.close();
  await s?.close();
  rmSync(dist, { recursive: true, force: true });
});

const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

describe('the hosted fields page', () => {
  it('names the portal as its only parent, loads its files with integrity, and may be framed by the portal alone', async () => {
    const res = await app.inject({ url: '/hosted-fields' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(`<meta name="pp-parent-origin" content="${PORTAL}" />`);
    expect(res.body).toContain(`src="/hosted-fields/assets/hosted-fields-abc123.js" integrity="${sri(SCRIPT)}"`);
    expect(res.body).toContain(`href="/hosted-fields/assets/hosted-fields-def456.css" integrity="${sri(STYLE)}"`);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors ${PORTAL};`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain('report-to csp');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['reporting-endpoints']).toBe(`csp="${PAYMENTS}/csp-reports"`);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('serves its hashed files for a year, and the integrity it states is the bytes served', async () => {
    const res = await app.inject({ url: '/hosted-fields/assets/hosted-fields-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(sri(res.body)).toBe(sri(SCRIPT));
    expect((await app.inject({ url: '/hosted-fields/assets/nothing.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/vendors' })).statusCode).toBe(404);
  });

  it('an http payments origin sends no HSTS; the same origin as the portal is refused', async () => {
    const plain = await buildPaymentsApp({ db: s.db, portalUrl: PORTAL, paymentsUrl: 'http://payments.test', distDir: dist, contractPath, logger: false });
    try {
      const res = await plain.inject({ url: '/hosted-fields' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await plain.close();
    }
    await expect(buildPaymentsApp({ db: s.db, portalUrl: PORTAL, paymentsUrl: `${PORTAL}/pay`, distDir: dist, contractPath, logger: false }))
      .rejects.toThrow(/another origin/);
    expect(hostedFieldsCsp('https://portal.example')).toMatch(/frame-ancestors https:\/\/portal\.example;/);
  });
});

describe('the tokenizer on the payments origin', () => {
  it('tokenizes a card with the portal-issued JWT and answers no-store; without a JWT it is 401', async () => {
    const token = await s.token({});
    const list = await s.app.inject({ url: `/api/vendors/${s.demo.vendors.pfg}/locations/${s.demo.locations.blueHeron}/paymentmethods`, headers: s.auth(token) });
    const jwt = list.json().paymentMethodsJwt as string;
    const card = {
      type: 'CC', provider: 'plastiq-cc', nameOnCard: 'Dana Whitfield', ccNumber: '4242424242424242',
      expDate: `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`, cvc: '123', addressLine1: '214 East Bay St', zipCode: '29401',
    };
    const res = await app.inject({ method: 'POST', url: '/payments-api/tokenizer', headers: { authorization: `Bearer ${jwt}` }, payload: card });
    expect(res.statusCode).toBe(200);
    expect(res.json().key).toMatch(/\S{20,}/);
    expect(res.headers['cache-control']).toBe('no-store');
    const refused = await app.inject({ method: 'POST', url: '/payments-api/tokenizer', payload: card });
    expect(refused.statusCode).toBe(401);
    // the number went to the payments origin's log no more than to its tables
    expect(logLines.join('')).not.toContain('4242424242424242');
  });
});

describe('CSP reports', () => {
  it('are answered 204 in both formats and logged with origins only, never a path that could carry a token', async () => {
    logLines.length = 0;
    const modern = await app.inject({
      method: 'POST',
      url: '/csp-reports',
      headers: { 'content-type': 'application/reports+json' },
      payload: JSON.stringify([{ type: 'csp-violation', body: { effectiveDirective: 'script-src-elem', blockedURL: 'https://evil.example/skim.js?x=1', documentURL: `${PAYMENTS}/hosted-fields?secret`, disposition: 'enforce', statusCode: 200 } }]),
    });
    expect(modern.statusCode).toBe(204);
    const legacy = await app.inject({
      method: 'POST',
      url: '/csp-reports',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({ 'csp-report': { 'violated-directive': 'frame-ancestors', 'blocked-uri': 'http://portal.test/token/SECRETTOKEN/paymentmethods/new', 'document-uri': 'http://portal.test/token/SECRETTOKEN/x' } }),
    });
    expect(legacy.statusCode).toBe(204);
    const logged = logLines.join('');
    expect(logged).toContain('"blocked":"https://evil.example"');
    expect(logged).toContain('"directive":"frame-ancestors"');
    expect(logged).not.toContain('SECRETTOKEN');
    expect(logged).not.toContain('skim.js');
    // nonsense is ignored, not an error
    expect((await app.inject({ method: 'POST', url: '/csp-reports', headers: { 'content-type': 'application/reports+json' }, payload: '{not json' })).statusCode).toBe(204);
    expect(cspViolations([{ type: 'deprecation', body: {} }])).toEqual([]);
  });
});

describe("the portal's side", () => {
  it('allows exactly the payments origin as a frame, reports violations to itself, and takes the reports', async () => {
    const res = await s.app.inject({ url: '/api/texts', headers: { accept: 'application/json' } });
    const csp = String(res.headers['content-security-policy']);
    // testConfig: PAYMENTS_PUBLIC_URL http://payments.test
    expect(csp).toContain('frame-src http://payments.test;');
    expect(csp.match(/frame-src/g)).toHaveLength(1);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['reporting-endpoints']).toBe('csp="http://portal.test/csp-reports"');
    const report = await s.app.inject({
      method: 'POST',
      url: '/csp-reports',
      headers: { 'content-type': 'application/reports+json' },
      payload: JSON.stringify([{ type: 'csp-violation', body: { effectiveDirective: 'frame-src', blockedURL: 'https://evil.example/x' } }]),
    });
    expect(report.statusCode).toBe(204);
  });
});
