/**
 * The payments service on an origin of its own: a second Fastify instance, listening on PAYMENTS_PORT and
 * reached at PAYMENTS_PUBLIC_URL, that serves
 *
 *   /hosted-fields              the hosted fields page the portal embeds as an iframe (dist-payments/, built by
 *                               `vite build -c vite.payments.config.ts`), with Subresource Integrity on its script and
 *                               stylesheet computed from the built bytes, and the portal's origin written in
 *   /hosted-fields/assets/...   that page's hashed files (immutable)
 *   /payments-api/...           the payments service contract (openapi/payments.yaml): the tokenizer the page calls
 *   /csp-reports                CSP violation reports (Reporting API and report-uri), logged without paths or values
 *   /healthz                    liveness
 *
 * Headers: a strict CSP of its own — nothing but its own script, style and API (`default-src 'none'`), and
 * `frame-ancestors` exactly the portal's origin (no `X-Frame-Options`: it cannot name an origin; CSP does) — with
 * `Reporting-Endpoints`/`report-to`, HSTS when PAYMENTS_PUBLIC_URL is https, `no-referrer`, `nosniff`, and
 * `Cross-Origin-Resource-Policy: same-origin` so no other site can load its files. Card and account numbers reach
 * this origin only; the portal's origin never sees them (`main.ts` of the page hands the portal the one-time key).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Db } from '../db/connect.js';
import { registerContract } from '../http/api.js';
import { loadContract } from '../http/contract.js';
import { clientErrorHandler, errorHandler, frameworkErrors, sendError } from '../http/errors.js';
import { registerMetricsHooks, type AppMetrics } from '../http/metrics.js';
import { loggerOptions, type LoggerSetup } from '../http/logging.js';
import { registerCspReports, reportingHeaders } from '../http/csp-reports.js';
import { MAX_URL_PARAM_LENGTH, makeValidatorCompiler, rejectNulCharacters } from '../http/validation.js';
import { makeSerializerCompiler } from '../http/serializers.js';
import { IMMUTABLE } from '../http/spa.js';
import { originOf } from '../../core/api/hosted-fields-protocol.js';
import type { ProcessorRegistry } from './processor.js';
import { paymentsService } from './tokenizer.js';

export interface PaymentsOriginOptions {
  db: Db;
  /** the portal's public URL: the only origin allowed to frame the page and talk to it */
  portalUrl: string;
  /** where this origin is reached (its own reports endpoint, HSTS) */
  paymentsUrl: string;
  /** the built page (dist-payments/) */
  distDir: string;
  /** openapi/payments.yaml */
  contractPath: string;
  logger?: LoggerSetup | false;
  logLevel?: string;
  processors?: ProcessorRegistry;
  trustProxy?: string | false | ((address: string, hop: number) => boolean);
  /** Prometheus metrics (server/http/metrics.ts): its requests are counted with `origin="payments"` */
  metrics?: AppMetrics;
}

/** The hosted page's content security policy: its own files and API only, framed by the portal alone. */
export function hostedFieldsCsp(portalOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    `frame-ancestors ${portalOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
    'report-uri /csp-reports',
    'report-to csp',
  ].join('; ');
}

/**
 * The built page with the portal's origin written in and `integrity` on every script and stylesheet it loads (the
 * SHA-384 of the file as served), or null when the page was not built.
 */
export function hostedFieldsPage(distDir: string, portalOrigin: string): string | null {
  const file = path.join(distDir, 'hosted-fields.html');
  if (!existsSync(file)) return null;
  const escaped = portalOrigin.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return readFileSync(file, 'utf8')
    .replace('%PARENT_ORIGIN%', escaped)
    .replace(/<(script|link)\b([^>]*?)\s(src|href)="\/hosted-fields\/(assets\/[^"]+)"([^>]*)>/g, (tag, name: string, before: string, attr: string, asset: string, after: string) => {
      const bytes = readFileSync(path.join(distDir, asset));
      const integrity = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
      return `<${name}${before} ${attr}="/hosted-fields/${asset}" integrity="${integrity}"${after}>`;
    });
}

export async function buildPaymentsApp(options: PaymentsOriginOptions): Promise<FastifyInstance> {
  const portalOrigin = originOf(options.portalUrl);
  if (!portalOrigin) throw new Error(`PUBLIC_URL must be an http(s) URL, got "${options.portalUrl}"`);
  const paymentsOrigin = originOf(options.paymentsUrl);
  if (!paymentsOrigin) throw new Error(`PAYMENTS_PUBLIC_URL must be an http(s) URL, got "${options.paymentsUrl}"`);
  if (paymentsOrigin === portalOrigin) throw new Error('PAYMENTS_PUBLIC_URL must be another origin than PUBLIC_URL (the card fields must not share the portal\'s origin)');

  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions({ level: options.logLevel ?? 'info', ...options.logger }),
    bodyLimit: 64 * 1024,
    // A path parameter of any length reaches its route, so the contract's own bounds refuse it: 400 naming the field
    // (`contactId: must match format "uuid"`), not a router 414 or the static files' 403 that no contract lists.
    routerOptions: { maxParamLength: MAX_URL_PARAM_LENGTH },
    return503OnClosing: true,
    trustProxy: options.trustProxy ?? false,
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(makeValidatorCompiler());
  app.setSerializerCompiler(makeSerializerCompiler());
  if (options.metrics) registerMetricsHooks(app, options.metrics, 'payments');
  app.addHook('preValidation', rejectNulCharacters);
  app.setErrorHandler(errorHandler);

  const csp = hostedFieldsCsp(portalOrigin);
  const reporting = reportingHeaders(`${paymentsOrigin}/csp-reports`);
  const https = paymentsOrigin.startsWith('https:');
  app.addHook('onSend', async (request, reply: FastifyReply, payload) => {
    reply.header('content-security-policy', csp);
    for (const [name, value] of Object.entries(reporting)) reply.header(name, value);
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/payments-api') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  registerCspReports(app);

  await registerContract(app, {
    prefix: '/payments-api',
    ...paymentsService({ db: options.db, contract: loadContract(options.contractPath), ...(options.processors ? { processors: options.processors } : {}) }),
  });

  // the page is built once per deployment: read it once (a missing build answers 503 until the process restarts)
  const page = hostedFieldsPage(options.distDir, portalOrigin);
  app.get('/hosted-fields', async (request, reply) => {
    if (!page) return sendError(request, reply, 503, { errorCode: 'unavailable', message: 'The payment fields are not built (npm run build).' });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  });
  const assets = path.join(options.distDir, 'assets');
  if (existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/hosted-fields/assets/',
      decorateReply: false,
      wildcard: true,
      index: false,
      setHeaders: (reply) => reply.header('cache-control', IMMUTABLE),
    });
  }
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, { errorCode: 'not_found', message: 'Not found.' }));
  return app;
}
