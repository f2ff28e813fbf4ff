/**
 * One server per test file: a fresh database (PGlite in memory, or a new PostgreSQL database when DATABASE_URL is
 * set) with the demo data, the app built in-process (`app.inject`), and every log line captured.
 */
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { InjectOptions, Response as InjectResponse } from 'light-my-request';
import { buildPaymentsApp } from '../../../server/payments-service/origin.js';
import { buildApp, type BuildAppOptions } from '../../../server/app.js';
import { testConfig, type AppConfig } from '../../../server/config.js';
import { createTestDb, type TestDb } from '../../../server/db/testing.js';
import { issueToken, type IssueTokenInput } from '../../../server/db/tokens.js';
import { settled } from '../../../server/http/after-reply.js';
import type { DemoSeedResult } from '../../../server/seed/demo.js';

export interface TestServer {
  /** the portal (its SPA, /api, /vendor-api) */
  app: FastifyInstance;
  /** the payments service's own origin (/payments-api, the hosted fields): server/payments-service/origin.ts */
  payments: FastifyInstance;
  /** a request to whichever of the two serves its URL: `/payments-api/…` → `payments`, anything else → `app` */
  inject(options: InjectOptions & { url: string }): Promise<InjectResponse>;
  testDb: TestDb;
  db: TestDb['db'];
  demo: DemoSeedResult;
  config: AppConfig;
  /** every log line the app wrote (raw JSON text) */
  logs: string[];
  /** issues a token and returns the raw token */
  token(input: Partial<IssueTokenInput> & { contactId?: string }): Promise<string>;
  /** `Authorization` header for a raw token */
  auth(token: string): { authorization: string };
  close(): Promise<void>;
}

export async function startTestServer(
  options: { config?: Partial<AppConfig> } & Pick<BuildAppOptions, 'handlers' | 'mailer'> = {},
): Promise<TestServer> {
  const testDb = await createTestDb({ seed: true });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  const config = testConfig(options.config);
  const app = await buildApp({
    db: testDb.db,
    database: testDb.handle,
    config,
    logger: { level: 'info', stream },
    handlers: options.handlers,
    mailer: options.mailer,
  });
  await app.ready();
  const payments = await buildPaymentsApp({
    db: testDb.db,
    portalUrl: config.publicUrl,
    paymentsUrl: config.payments.publicUrl,
    distDir: config.payments.distDir,
    contractPath: path.join(path.dirname(config.contractPath), 'payments.yaml'),
    logger: { level: 'info', stream },
  });
  await payments.ready();
  const demo = testDb.demo!;
  return {
    app,
    payments,
    inject: (options) => (options.url.startsWith('/payments-api') ? payments : app).inject(options),
    testDb,
    db: testDb.db,
    demo,
    config,
    logs,
    token: (input) => issueToken(testDb.db, { contactId: demo.contactId, type: 'login', ttlDays: 7, ...input }),
    auth: (token) => ({ authorization: `ContactAccess ${token}` }),
    async close() {
      await settled(testDb.db); // work left after answers (login links) finishes before the database goes
      await app.close();
      await payments.close();
      await testDb.drop();
    },
  };
}
