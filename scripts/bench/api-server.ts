/**
 * A server process of the API benchmark (scripts/bench/api.ts starts it; not meant to be run by hand).
 *
 *   tsx scripts/bench/api-server.ts portal <port> [seed counts]   the portal (buildApp) on DATABASE_URL or DATA_DIR
 *   tsx scripts/bench/api-server.ts bare <port>                   a bare Fastify + pg server, DATABASE_URL only
 *
 * With seed counts (e.g. `50,5000`) the portal process migrates and seeds one scale location per count first
 * (PGlite allows one process per directory, so the seeding happens where the database is open). When it listens it
 * prints one line `READY <json>` with the scale locations. With METRICS_PORT the portal counts its requests and
 * serves its metrics there, as server/main.ts does (scripts/bench/metrics.ts compares it with a portal without).
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createDb, dbOptionsFromEnv, migrateToLatest } from '../../server/db/connect.js';
import { seedScaleLocation, type ScaleLocation } from '../../server/seed/scale.js';
import { createMetrics, listenMetrics } from '../../server/http/metrics.js';
import { QUEUE_SCHEMA } from '../../server/jobs/queue.js';
import { scheduledJobs } from '../../server/jobs/registry.js';

const [mode, portText, seedText] = process.argv.slice(2);
const port = Number(portText);

async function portal() {
  const handle = await createDb(dbOptionsFromEnv());
  await migrateToLatest(handle.db);
  const seeded: Record<string, ScaleLocation> = {};
  for (const n of (seedText ?? '').split(',').filter(Boolean).map(Number)) {
    seeded[n] = await seedScaleLocation(handle.db, { invoices: n, label: `bench-${n}` });
  }
  // Requests are not logged at warn (the bare server logs nothing either); everything else is the real app.
  const config = { ...loadConfig({ ...process.env, PORT: String(port) }), logLevel: process.env.BENCH_LOG_LEVEL || 'warn' };
  const metrics = config.metrics.port === undefined
    ? undefined
    : createMetrics({ dbLoad: handle.load, db: handle.longDb, jobs: { schema: QUEUE_SCHEMA, names: scheduledJobs.map((job) => job.name) } });
  const app = await buildApp({ db: handle.db, config, metrics });
  await app.listen({ host: '127.0.0.1', port });
  const metricsListener = metrics ? await listenMetrics(metrics, { host: '127.0.0.1', port: config.metrics.port! }) : undefined;
  process.stdout.write(`READY ${JSON.stringify(seeded)}\n`);
  // BENCH_HEAP_SAMPLE_MS (with node --expose-gc): the live heap after a collection, sampled; its peak printed on stop
  // — what the process holds, not what the collector has not yet taken back
  const sampleMs = Number(process.env.BENCH_HEAP_SAMPLE_MS ?? 0);
  const collect = (globalThis as { gc?: () => void }).gc;
  let heapPeak = 0;
  const sampler = sampleMs > 0 && collect ? setInterval(() => {
    collect();
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed + process.memoryUsage().external);
  }, sampleMs) : undefined;
  if (sampler) process.on('SIGUSR2', () => process.stdout.write(`HEAP_PEAK ${heapPeak}\n`));
  process.stdout.write(`PID ${process.pid}\n`);
  const stop = async () => {
    if (sampler) clearInterval(sampler);
    await metricsListener?.close();
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * The same call with the same SQL, without the framework around it (no contract, validation, security headers,
 * logging): token + scope, the location's open invoices as JSON text and the request's ids (scripts/bench/api-bare-sql.ts).
 */
async function bare() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  pool.on('error', () => {});
  const { authAndScope, openInvoicesBody } = await import('./api-bare-sql.js');
  const app = Fastify({ logger: false });
  app.get<{ Params: { vendorId: string; locationId: string } }>(
    '/api/vendors/:vendorId/locations/:locationId/invoices',
    async (request, reply) => {
      const match = /^ContactAccess\s+(\S+)$/.exec(request.headers.authorization ?? '');
      if (!match) return reply.code(401).send({ code: 'invalid' });
      const hash = createHash('sha256').update(match[1]).digest('hex');
      const { vendorId, locationId } = request.params;
      const token = await authAndScope(pool, hash, vendorId, locationId);
      if (!token || token.status === 'canceled' || token.status === 'expired' || new Date(token.expires_at) <= new Date()) {
        return reply.code(401).send({ code: 'invalid' });
      }
      if (!token.in_scope) return reply.code(404).send({ code: 'not_found' });
      reply.type('application/json; charset=utf-8');
      return openInvoicesBody(pool, token.contact_id, vendorId, locationId);
    },
  );
  await app.listen({ host: '127.0.0.1', port });
  process.stdout.write('READY {}\n');
  const stop = async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

(mode === 'bare' ? bare() : portal()).catch((error) => {
  console.error(error);
  process.exit(1);
});
