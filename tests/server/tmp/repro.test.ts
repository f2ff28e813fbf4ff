// @vitest-environment node
import { afterAll, beforeAll, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await s?.close(); });
it('repro', async () => {
  const show = (label: string, r: any) => console.log(label, r.statusCode, JSON.stringify(r.headers).slice(0, 300), r.body.slice(0, 200));
  show('nested', await s.app.inject({ method: 'POST', url: '/api/letmein', headers: { 'content-type': 'application/json' }, payload: '['.repeat(100000) + ']'.repeat(100000) }));
  show('text', await s.app.inject({ method: 'POST', url: '/api/letmein', headers: { 'content-type': 'text/plain' }, payload: 'hello' }));
  show('nobody', await s.app.inject({ method: 'POST', url: '/api/letmein' }));
  const token = await s.token({});
  const base = `/api/vendors/${s.demo.vendors.pfg}/locations/${s.demo.locations.blueHeron}`;
  show('visits-text', await s.app.inject({ method: 'POST', url: `${base}/visits`, headers: { ...s.auth(token), 'content-type': 'text/plain' }, payload: 'x' }));
  show('visits-none', await s.app.inject({ method: 'POST', url: `${base}/visits`, headers: { ...s.auth(token) } }));
  show('pm-text', await s.app.inject({ method: 'POST', url: `${base}/paymentmethods`, headers: { ...s.auth(token), 'content-type': 'text/plain' }, payload: 'x' }));
  show('pm-none', await s.app.inject({ method: 'POST', url: `${base}/paymentmethods`, headers: { ...s.auth(token) } }));
  show('healthz', await s.app.inject({ url: '/healthz' }));
  show('payapi', await s.app.inject({ method: 'POST', url: '/payments-api/tokenizer', payload: {} }));
  show('form', await s.app.inject({ method: 'POST', url: '/api/letmein', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b' }));
  show('json-charset', await s.app.inject({ method: 'POST', url: '/api/letmein', headers: { 'content-type': 'application/json; charset=utf-8' }, payload: '{"contact":"a@example.com"}' }));
  show('json-malformed', await s.app.inject({ method: 'POST', url: '/api/letmein', headers: { 'content-type': 'application/json' }, payload: '{' }));
});
