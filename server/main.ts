/**
 * `npm start` / `npm run serve`: ONE process on HOST:PORT serving the SPA and the API on the configured database
 * (PGlite under DATA_DIR, or DATABASE_URL). Migrates, loads the demo data on first start, prints a login link for
 * the demo contact, and shuts down cleanly on SIGINT/SIGTERM.
 *
 * SIGTERM drains first, for a rolling restart behind a load balancer (docs/operating.md, "Rolling restarts"):
 * `/readyz` answers 503 at once and every answer closes its connection, while requests are still served for
 * SHUTDOWN_DRAIN_MS (the balancer's health check notices meanwhile); then the listener closes and the requests in
 * flight finish. The job workers stop in the same time (a running job finishes, up to 20 s; one cut off is run again
 * and its unique keys make it do nothing twice). Then the pools close and the process exits 0. SIGINT (Ctrl-C at a
 * terminal) skips the drain window.
 */
import './production-env.js';
import path from 'node:path';
import { buildApp } from './app.js';
import { settled } from './http/after-reply.js';
import { loadConfig } from './config.js';
import { createDb, dbOptionsFromEnv, migrateToLatest } from './db/connect.js';
import { issueToken } from './db/tokens.js';
import { startDbSocket, writeServerInfo, type DbSocketServer } from './db/socket.js';
import { seedIfEmpty, VENDOR_PFG } from './seed/demo.js';
import { operatorSignInLink } from './use-cases/vendor-sessions.js';
import { QUEUE_SCHEMA, startJobQueue, type JobQueue } from './jobs/queue.js';
import { scheduledJobs } from './jobs/registry.js';
import { createMetrics, listenMetrics, type MetricsListener } from './http/metrics.js';
import { startWebhookWorker, type WebhookWorker } from './jobs/webhooks.js';
import { LOGIN_LINK_TTL_DAYS, loginLinkUrl } from './domain/login-link.js';
import { missingEpaDocuments } from './domain/epa-documents.js';
import { readEpa } from './repos/config.js';
import { buildPaymentsApp } from './payments-service/origin.js';
import { fastifyTrustProxy } from './app.js';
import { installProcessPolicy } from './process-policy.js';

const DEMO_EMAIL = 'demo@example.com';
/** the demo vendor's admin in the console (docs/vendor-console.md) */
const DEMO_ADMIN_EMAIL = 'admin@performancefood.example';

const policy = installProcessPolicy();

async function main() {
  const config = loadConfig();
  const dbOptions = dbOptionsFromEnv();
  const handle = await createDb({ ...dbOptions, ...config.db });
  // not requests: on the pool with the long statement timeout (and migrations lift it for their own connection)
  await migrateToLatest(handle.longDb);
  await seedIfEmpty(handle.longDb);
  // Every agreement records the SHA-256 of the terms document the customer was shown: a configured version without
  // its file is a deployment error, refused here rather than at a customer's first payment.
  const missingTerms = missingEpaDocuments(config.epaDir, await readEpa(handle.db));
  if (missingTerms.length > 0) {
    throw new Error(`The terms (EPA) documents of configured versions are missing under ${config.epaDir}: ${missingTerms.join(', ')}`);
  }

  let jobs: JobQueue | undefined;
  let jobsFailed: string | undefined;
  let closing = false;
  // Prometheus metrics only with METRICS_PORT (server/http/metrics.ts); the database gauges are read on the long pool,
  // never taking a request's connection
  const metrics = config.metrics.port === undefined
    ? undefined
    : createMetrics({ dbLoad: handle.load, db: handle.longDb, jobs: { schema: QUEUE_SCHEMA, names: scheduledJobs.map((job) => job.name) } });
  const app = await buildApp({
    db: handle.db,
    config,
    metrics,
    database: handle,
    // /readyz: the job queue, when this process runs one, has started and its own connection answers
    extraReady: async () => {
      if (process.env.JOBS === 'off') return undefined;
      if (jobsFailed) return `the job queue did not start: ${jobsFailed}`;
      if (!jobs) return 'the job queue is starting';
      return (await jobs.ready(config.readyTimeoutMs)) ? undefined : 'the job queue does not answer';
    },
    draining: () => closing,
  });
  policy.useLogger(app.log);

  // The payments service on its own origin: the hosted card and bank-account fields and the tokenizer they call.
  const paymentsApp = await buildPaymentsApp({
    db: handle.db,
    portalUrl: config.publicUrl,
    paymentsUrl: config.payments.publicUrl,
    distDir: config.payments.distDir,
    contractPath: path.join(path.dirname(config.contractPath), 'payments.yaml'),
    logLevel: config.logLevel,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    metrics,
  });

  let dbSocket: DbSocketServer | undefined;
  let webhooks: WebhookWorker | undefined;
  let metricsListener: MetricsListener | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true; // from now on /readyz answers 503 and no connection is kept alive (http/overload.ts)
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    app.log.info({ signal, drainMs }, 'shutting down');
    // the drain, a running job's 20 s, then 10 s for the rest
    const force = setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, Math.max(drainMs, 20_000) + 10_000);
    force.unref();
    try {
      await Promise.all([
        // the workers take no new job and finish those they run, while requests are still served
        jobs?.stop(),
        webhooks?.stop(),
        (async () => {
          await new Promise((resolve) => setTimeout(resolve, drainMs));
          // stops listening, closes idle connections, and resolves once the requests in flight are answered
          await app.close();
          await paymentsApp.close();
        })(),
      ]);
      await dbSocket?.close();
      await metricsListener?.close();
      // login links answered 202 but still being written and sent (server/http/after-reply.ts)
      await settled(handle.db);
      await handle.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // the payments origin first: once the portal answers (/healthz), the fields it embeds load too
  await paymentsApp.listen({ host: config.host, port: config.payments.port });
  await app.listen({ host: config.host, port: config.port });
  if (metrics) metricsListener = await listenMetrics(metrics, { host: config.metrics.host, port: config.metrics.port! });
  // The embedded database is this process's alone: share it with `npm run outbox` / `link` / `seed` over a
  // Unix socket in the data directory (server/db/socket.ts). Not needed on PostgreSQL.
  if (handle.pglite && dbOptions.dataDir && dbOptions.dataDir !== 'memory://') {
    try {
      dbSocket = await startDbSocket({ db: handle.db, pglite: handle.pglite, dataDir: dbOptions.dataDir, log: app.log });
      writeServerInfo(dbOptions.dataDir, { publicUrl: config.publicUrl });
    } catch (error) {
      app.log.warn({ err: error }, 'could not share the database with the command-line tools (they need the server stopped)');
    }
  }
  // Scheduled jobs on pg-boss (server/jobs/queue.ts): settlement, purge, AutoPay runs, plan installments. Started
  // after the server listens (pg-boss creates its schema on the first start) and not awaited by the start-up line;
  // JOBS=off runs a process without them (another process on the same PostgreSQL does them).
  if (process.env.JOBS !== 'off') {
    // A start that fails (the database out of reach at that moment) is tried again every 10 s until it succeeds;
    // meanwhile /readyz says why it is not ready.
    const startJobs = () =>
      startJobQueue({
        db: handle.longDb,
        pglite: handle.pglite,
        databaseUrl: dbOptions.databaseUrl,
        publicUrl: config.publicUrl,
        log: app.log,
        pollingIntervalSeconds: config.jobsPollMs / 1000,
      }).then(
        (queue) => {
          jobs = queue;
          jobsFailed = undefined;
          if (closing) queue.stop().catch((error: unknown) => app.log.error({ err: error }, 'job queue stop failed'));
        },
        (error) => {
          jobsFailed = error instanceof Error ? error.message : String(error);
          app.log.error({ err: error }, 'the job queue did not start (scheduled payments wait): trying again in 10 s');
          if (!closing) setTimeout(startJobs, 10_000).unref();
        },
      );
    void startJobs();
  }
  // Webhook deliveries (server/jobs/webhooks.ts), in every process (JOBS=off too): each looks for due ones every
  // WEBHOOK_POLL_MS, and a claim keeps two processes from sending the same attempt.
  // On the jobs' own pool (DB_POOL_SIZE does not bound it): deliveries go on while requests queue for connections.
  webhooks = startWebhookWorker({
    db: handle.longDb,
    key: config.webhookSecretsKey(),
    pollMs: config.webhooks.pollMs,
    timeoutMs: config.webhooks.timeoutMs,
    log: app.log,
    observe: metrics?.webhookAttempt,
  });

  const demo = await handle.db.selectFrom('contacts').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
  // The demo vendor's admin in the console (made on the first start): a sign-in link valid for 15 minutes, used once.
  const demoVendor = await handle.db.selectFrom('vendors').select('id').where('name', '=', VENDOR_PFG).executeTakeFirst();
  const consoleLink = demoVendor ? await operatorSignInLink(handle.db, demoVendor.id, DEMO_ADMIN_EMAIL, { publicUrl: config.publicUrl, ensureRole: 'admin' }) : undefined;
  const consoleLine = consoleLink?.ok ? `Open the vendor console as its admin (${DEMO_ADMIN_EMAIL}; the link works once, for 15 minutes — \`npm run vendor -- users link --vendor ${demoVendor!.id} --email ${DEMO_ADMIN_EMAIL}\` makes another): ${consoleLink.value.link}\n` : '';
  const metricsLine = metricsListener ? `Prometheus metrics at ${metricsListener.url}\n` : '';
  // Printed on stdout for the person who started the server, not through the logger (logs never carry tokens).
  if (demo) {
    const token = await issueToken(handle.db, { contactId: demo.id, type: 'login', ttlDays: LOGIN_LINK_TTL_DAYS });
    process.stdout.write(`\nPerformancePay is running at ${config.publicUrl} (payments service at ${config.payments.publicUrl})\nOpen the demo: ${loginLinkUrl(config.publicUrl, token)}\n${consoleLine}${metricsLine}\n`);
  } else {
    process.stdout.write(`\nPerformancePay is running at ${config.publicUrl} (no demo contact ${DEMO_EMAIL} in this database)\n${consoleLine}${metricsLine}\n`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
