/**
 * The reference server as a Fastify instance: `buildApp({ db, config })` → not yet listening, so tests drive it
 * in-process with `app.inject`. `server/main.ts` builds it on the configured database and listens.
 *
 *   /healthz, /readyz   liveness (the process) and readiness (database, job queue); see http/overload.ts
 *   /api/...            the contract (openapi/portal.yaml), validated, 501 for operations not implemented yet
 *   /api/docs           API reference
 *   /vendor-api/...     the vendor API (openapi/vendor.yaml): keys, data in; reference at /vendor-api/docs
 *   /vendor-images/...  logos and ads vendors uploaded through the vendor API
 *   everything else     the built SPA with history fallback
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db, DbHandle } from './db/connect.js';
import type { AppConfig } from './config.js';
import { registerContract, type Handlers } from './http/api.js';
import { makeRateLimit, ratePoliciesOf } from './http/rate-limit.js';
import { registerUploadParsers } from './http/upload.js';
import { makeAuthenticate, makeCheckScope } from './http/auth.js';
import { accessPolicyOf, makeVendorAuthenticate } from './http/vendor-auth.js';
import fastifyCookie from '@fastify/cookie';
import { loadContract } from './http/contract.js';
import { registerDocs } from './http/docs.js';
import { clientErrorHandler, errorHandler, frameworkErrors } from './http/errors.js';
import { loggerOptions, type LoggerSetup } from './http/logging.js';
import { registerOverload } from './http/overload.js';
import { registerMetricsHooks, type AppMetrics } from './http/metrics.js';
import { isDatabaseTimeout } from './db/pool.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerCspReports } from './http/csp-reports.js';
import { originOf } from '../core/api/hosted-fields-protocol.js';
import { registerSpa } from './http/spa.js';
import { inlineScriptSources, loadPortalScripts } from './http/script-integrity.js';
import { registerVendorImages } from './http/vendor-images.js';
import { MAX_URL_PARAM_LENGTH, makeValidatorCompiler, rejectNulCharacters } from './http/validation.js';
import { makeSerializerCompiler } from './http/serializers.js';
import { deliverEmails, smtpMailer, type Mailer } from './mail/mailer.js';
import { portalHandlers } from './routes/index.js';
import { vendorApiHandlers } from './routes/vendor/index.js';
import { requestScoped } from './db/request-transaction.js';

export interface BuildAppOptions {
  db: Db;
  config: AppConfig;
  /** Logger level and destination; `false` for no logging. Default: config.logLevel on stdout. */
  logger?: LoggerSetup | false;
  /** Outbox e-mail delivery; default: SMTP when `config.smtpUrl` is set, else none. */
  mailer?: Mailer;
  /** Extra or replacement handlers by operationId (tests of the 501 fallback, later features). */
  handlers?: Handlers;
  /** Operations to leave without a handler (tests of the 501 fallback: every operation of the contract has one). */
  withoutHandlers?: string[];
  /**
   * The rest of the database handle (server/db/connect.ts): the long-statement pool for documents, the pool's load
   * for load shedding, readiness for `/readyz`. Without it: documents on `db`, no pool-based shedding, ready = select 1.
   */
  database?: Pick<DbHandle, 'longDb' | 'load' | 'ready'>;
  /** `/readyz` asks this too (the job queue): a reason when not ready */
  extraReady?: () => Promise<string | undefined>;
  /** Prometheus metrics (server/http/metrics.ts): requests, shed and timed-out ones are counted into it. None: no hook. */
  metrics?: AppMetrics;
  /** true once the process is shutting down: `/readyz` answers 503 and answers close their connections (http/overload.ts) */
  draining?: () => boolean;
}

/**
 * TRUST_PROXY for Fastify: a list of proxy addresses as it is; a hop count N as "the N nearest hops are proxies"
 * (Fastify itself ignores a bare number). A hop count is only right when nothing reaches the server except through
 * those proxies (e.g. it listens on 127.0.0.1 behind one reverse proxy); otherwise list the proxies' addresses.
 */
export function fastifyTrustProxy(trustProxy: AppConfig['trustProxy']): string | false | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  const hops = trustProxy;
  return (_address, hop) => hop < hops;
}

/** How often Node's server checks its connections against the request and headers timeouts (ms). */
export function connectionsCheckingInterval(http: AppConfig['http']): number {
  const shorter = Math.min(...[http.requestTimeoutMs, http.headersTimeoutMs].filter((ms) => ms > 0));
  return Number.isFinite(shorter) ? Math.min(1_000, Math.max(100, Math.round(shorter / 10))) : 1_000;
}

export async function buildApp({ db, config, logger, mailer, handlers, withoutHandlers = [], database, extraReady, metrics, draining }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions({ level: config.logLevel, ...logger }),
    // Node's http.Server timeouts (config.http): the whole request must have arrived within requestTimeout, its
    // headers within headersTimeout (set below); an idle keep-alive connection is closed after keepAliveTimeout.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    // Node looks for requests past those timeouts every connectionsCheckingInterval (default 30 s, so a 10 s headers
    // timeout used to act after 10–40 s): a tenth of the shorter one, between 0.1 and 1 s
    http: { connectionsCheckingInterval: connectionsCheckingInterval(config.http) },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Bodies are small JSON documents; anything larger is refused (413) before parsing.
    bodyLimit: 256 * 1024,
    // A path parameter of any length reaches its route, so the contract's own bounds refuse it: 400 naming the field
    // (`contactId: must match format "uuid"`), not a router 414 or the static files' 403 that no contract lists.
    routerOptions: { maxParamLength: MAX_URL_PARAM_LENGTH },
    return503OnClosing: true,
    // Router and HTTP-parser refusals (400 bad URL, 414, 431) in the error shape with the security headers.
    frameworkErrors,
    clientErrorHandler: metrics
      ? function (this: FastifyInstance, error: Error & { code?: string }, socket) {
          if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') metrics.timedOut('arrival');
          clientErrorHandler.call(this, error, socket);
        }
      : clientErrorHandler,
  });

  app.setValidatorCompiler(makeValidatorCompiler());
  app.setSerializerCompiler(makeSerializerCompiler());
  app.addHook('preValidation', rejectNulCharacters);
  if (metrics) {
    registerMetricsHooks(app, metrics);
    app.setErrorHandler((error: Parameters<typeof errorHandler>[0], request, reply) => {
      if (isDatabaseTimeout(error)) metrics.timedOut('database');
      return errorHandler(error, request, reply);
    });
  } else {
    app.setErrorHandler(errorHandler);
  }
  // The build's script inventory (throws without one: no page is served with scripts lacking integrity); the CSP
  // allows exactly the pages' inline import map, by its hash.
  const scripts = loadPortalScripts(config.distDir);
  // the hosted payment fields' origin is the one frame the portal's pages may show
  registerSecurityHeaders(app, { paymentsOrigin: originOf(config.payments.publicUrl), reportEndpoint: `${config.publicUrl}/csp-reports`, scriptSources: inlineScriptSources(scripts) });
  registerCspReports(app);
  app.server.headersTimeout = Math.min(config.http.headersTimeoutMs, config.http.requestTimeoutMs || Infinity);
  // /healthz, /readyz and load shedding, before every other route and hook (server/http/overload.ts)
  await registerOverload(app, {
    shedding: config.shedding,
    readyTimeoutMs: config.readyTimeoutMs,
    dbLoad: database?.load,
    dbReady: database?.ready ?? (async () => void (await sql`select 1`.execute(db))),
    extraReady,
    onShed: metrics?.shed,
    onConcurrency: metrics?.concurrency,
    draining,
  });

  const ownMailer = mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : undefined);
  if (!mailer && ownMailer) {
    // E-mails left unsent by an earlier run (stopped before delivery) go out once the server is ready.
    // Then every minute: retries after a failure (backoff) and rows whose deliverer crashed (expired lease).
    const sweep = () =>
      void deliverEmails(db, ownMailer, app.log).catch((error) =>
        app.log.error({ reason: error instanceof Error ? error.message : String(error) }, 'outbox delivery failed'),
      );
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, 60_000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      ownMailer.close?.();
    });
  }

  // file uploads (the vendor API's imports) stream to their handler instead of being parsed
  registerUploadParsers(app);
  // the console's session cookie (server/http/vendor-auth.ts); nothing is signed: the value is a random token
  await app.register(fastifyCookie);
  const contract = loadContract(config.contractPath);
  registerDocs(app, loadContract(config.contractPath), config.contractPath);

  const deps = { db, longDb: database?.longDb, config, mailer: ownMailer };
  await registerContract(app, {
    prefix: '/api',
    contract,
    handlers: Object.fromEntries(Object.entries({ ...portalHandlers(deps), ...handlers }).filter(([id]) => !withoutHandlers.includes(id))),
    authenticate: makeAuthenticate(db),
    checkScope: makeCheckScope(db),
  });

  // The payments service (/payments-api) is NOT served here: only on its own origin (server/payments-service/origin.ts),
  // so no card or account number is ever sent to the portal's origin.

  // The vendor API: its own contract and docs, `Authorization: Bearer <key>`, every call scoped to the key's vendor.
  const vendorContract = path.join(path.dirname(config.contractPath), 'vendor.yaml');
  if (existsSync(vendorContract)) {
    registerDocs(app, loadContract(vendorContract), vendorContract, '/vendor-api');
    const vendorDocument = loadContract(vendorContract);
    // the operations that hold no transaction across their handler: those that call out over the network (idempotent
    // without one), and the passkey ceremonies, whose challenge is used up in a transaction of its own even when the
    // answer is refused (use-cases/vendor-passkeys.ts)
    const NO_REQUEST_TRANSACTION = new Set(['call-out', 'webauthn-challenge']);
    const callOutOperations = new Set(
      Object.values<Record<string, any>>(vendorDocument.paths ?? {}).flatMap((item) =>
        Object.values<any>(item).flatMap((op) => (op && typeof op === 'object' && NO_REQUEST_TRANSACTION.has(op['x-idempotency']) ? [op.operationId as string] : [])),
      ),
    );
    await registerContract(app, {
      prefix: '/vendor-api',
      contract: vendorDocument,
      // every handler's writes go to the request's transaction when it runs under an Idempotency-Key
      handlers: vendorApiHandlers({ ...deps, db: requestScoped(db), baseDb: db }),
      // a key, or a person's console session (x-roles, x-session-only, x-read-only-key: server/http/vendor-auth.ts)
      authenticate: makeVendorAuthenticate(db, accessPolicyOf(vendorDocument), {
        rateLimit: makeRateLimit(db, config.vendorRateLimits, ratePoliciesOf(vendorDocument)),
        publicUrl: config.publicUrl,
      }),
      idempotency: { db, sealKey: config.webhookSecretsKey, callOut: callOutOperations },
      audit: { db, callOut: callOutOperations },
      // a batch of 1,000 invoices is about 400 KB of JSON
      bodyLimit: 2 * 1024 * 1024,
    });
  }

  // the vendors' uploaded logos and ads (the vendor API), from the portal's own origin
  registerVendorImages(app, db);

  await registerSpa(app, config.distDir, { bootstrapTimeoutMs: config.bootstrapTimeoutMs, renderTimeoutMs: config.pageRenderTimeoutMs });
  return app;
}
