// @vitest-environment node
/**
 * A server killed between a change and its webhook delivery: the event is a row written with the change, so the
 * next process to start on the same PostgreSQL delivers it — real processes (`server/main.ts`), a real kill -9 and a
 * real HTTP receiver. The first process looks for deliveries only once at start (WEBHOOK_POLL_MS of an hour), so the
 * payment's event is still undelivered when it dies. Runs in the PostgreSQL half of the suite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { issueToken } from '../../server/db/tokens.js';
import { DEMO_EPA } from '../../server/seed/demo.js';
import { createApiKey } from '../../server/use-cases/vendor-keys.js';

const root = path.resolve(import.meta.dirname, '../..');
const KEY = randomBytes(32).toString('hex');
const children = new Set<ChildProcess>();

/** A port nothing listens on now (the server prints its PUBLIC_URL from PORT, so PORT=0 would not do). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function startPortal(databaseUrl: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pp-restart-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), PAYMENTS_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', JOBS: 'off', WEBHOOK_SECRETS_KEY: KEY, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => {
    children.delete(child);
    rmSync(dataDir, { recursive: true, force: true });
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      out += String(chunk);
      const match = /PerformancePay is running at (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk) => (out += String(chunk)));
    child.once('exit', (code) => reject(new Error(`the portal exited (${code}) before it was ready:\n${out}`)));
  });
  return { child, url };
}

const enabled = Boolean(process.env.DATABASE_URL);

describe.skipIf(!enabled)('a server killed between a payment and its webhook', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ seed: true });
  }, 60_000);
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await t?.drop();
  });

  it('leaves the event undelivered; the next process delivers it, signed, once', async () => {
    const received: Array<{ headers: Record<string, string>; body: string }> = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ headers: request.headers as Record<string, string>, body });
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const demo = t.demo!;
      const card = await t.db.selectFrom('paymentMethods').selectAll().where('contactId', '=', demo.contactId).where('name', '=', 'Visa Business').executeTakeFirstOrThrow();
      const key = await createApiKey(t.db, card.vendorId, 'restart test');
      if (!key.ok) throw new Error('no key');
      const token = await issueToken(t.db, { contactId: demo.contactId, type: 'login', ttlDays: 1 });
      const invoice = await t.db.selectFrom('invoices').select('id').where('locationId', '=', card.locationId).where('payable', '=', true)
        .where('deletedAt', 'is', null).where('openAmountCents', '>', 0).orderBy('displayInvNum').executeTakeFirstOrThrow();

      // 1. a process that delivers nothing after its first look
      const first = await startPortal(t.databaseUrl!, { WEBHOOK_POLL_MS: '3600000' });
      const registered = await fetch(`${first.url}/vendor-api/webhook-endpoints`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.value.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`, eventTypes: ['payment_group.scheduled'] }),
      });
      expect(registered.status).toBe(201);
      const { secret } = (await registered.json()) as { secret: string };
      let paymentGroupId: string | undefined;
      for (let day = 0; day < 30 && !paymentGroupId; day += 1) {
        const res = await fetch(`${first.url}/api/vendors/${card.vendorId}/locations/${card.locationId}/paymentgroups`, {
          method: 'POST',
          headers: { authorization: `ContactAccess ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({ paymentMethodId: card.id, paymentDate: new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10), partialPayments: [], invoices: [invoice.id], epaVersion: DEMO_EPA['plastiq-cc'].version }),
        });
        if (res.status === 201) paymentGroupId = ((await res.json()) as { paymentGroupId: string }).paymentGroupId;
      }
      expect(paymentGroupId).toBeDefined();

      // 2. killed before it delivered: the event is there, its delivery not attempted
      const exited = new Promise((resolve) => first.child.once('exit', resolve));
      first.child.kill('SIGKILL');
      await exited;
      const pending = await t.db.selectFrom('webhookDeliveries').select(['status', 'attempts']).execute();
      expect(pending).toEqual([{ status: 'pending', attempts: 0 }]);
      expect(received).toHaveLength(0);

      // 3. the next process delivers it
      await startPortal(t.databaseUrl!, { WEBHOOK_POLL_MS: '100' });
      for (let i = 0; i < 300 && received.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toHaveLength(1);
      const event = new Webhook(secret).verify(received[0]!.body, received[0]!.headers) as { type: string; data: { paymentGroup: { id: string } } };
      expect(event).toMatchObject({ type: 'payment_group.scheduled', data: { paymentGroup: { id: paymentGroupId } } });
      // the receiver answers before the process records the answer: wait for the record
      let delivered = await t.db.selectFrom('webhookDeliveries').select(['status', 'attempts']).execute();
      for (let i = 0; i < 300 && delivered[0]?.status === 'pending'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        delivered = await t.db.selectFrom('webhookDeliveries').select(['status', 'attempts']).execute();
      }
      expect(delivered).toEqual([{ status: 'delivered', attempts: 1 }]);
      expect(received).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  }, 120_000);
});
