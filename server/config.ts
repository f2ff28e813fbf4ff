/**
 * Server configuration from the environment (see docs/decisions.md, "Runtime shape").
 * `buildApp` takes the resolved object, so tests pass their own values.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AppConfig {
  host: string;
  port: number;
  /** Base for login links: `${publicUrl}/token/<token>` (no trailing slash). */
  publicUrl: string;
  /** Deliver outbox e-mails over SMTP when set (nodemailer connection URL). */
  smtpUrl?: string;
  /** Sender of outbox e-mails (MAIL_FROM). */
  mailFrom?: string;
  /**
   * The payments service's own origin: PAYMENTS_PORT (default PORT + 1) on HOST, reached at
   * PAYMENTS_PUBLIC_URL (default http://HOST:PAYMENTS_PORT). It serves the hosted card and bank-account fields the
   * portal embeds, and the tokenizer they call; it must be another origin than PUBLIC_URL.
   */
  payments: { port: number; publicUrl: string; distDir: string };
  /** Built SPA (`dist/`); the SPA is not served when the folder has no index.html. */
  distDir: string;
  /** The contract the API is registered from. */
  contractPath: string;
  /**
   * The terms (EPA) documents, `<version>/<filename>.pdf`, as the customer is shown them at /static/epa/…: the built
   * copy `dist/static/epa` when there is one (what the server serves), else `public/static/epa` (the same bytes: the
   * build copies public/ as it is). Their SHA-256 goes into every authorization record.
   */
  epaDir: string;
  logLevel: string;
  /** `POST /letmein` limits per 15 minutes (DB-backed, shared by every process on the same database). */
  letmein: { perAddress: number; perClient: number; windowMinutes: number };
  /**
   * Fastify `trustProxy` (client IP from X-Forwarded-For), from TRUST_PROXY: a hop count (`1` = one reverse proxy in
   * front) or a comma-separated list of proxy addresses/CIDRs. Never `true` (that would trust whatever the client
   * writes into X-Forwarded-For). `false` when unset.
   */
  trustProxy: number | string | false;
  /**
   * Memory for cached invoice list answers in bytes, from LIST_CACHE_MB (default 64; 0 turns the cache off). Each
   * answer is validated by its location's data version on every request (server/http/list-cache.ts).
   */
  listCacheBytes: number;
  /** Database pools and timeouts (PostgreSQL; see README "Configuration"). */
  db: {
    poolSize: number;
    acquireTimeoutMs: number;
    statementTimeoutMs: number;
    longStatementTimeoutMs: number;
  };
  /** HTTP server timeouts (Node's http.Server). */
  http: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    keepAliveTimeoutMs: number;
  };
  /** Load shedding: new requests get 503 + Retry-After at once instead of queueing (server/http/overload.ts). */
  shedding: {
    enabled: boolean;
    /** event-loop delay (ms, mean over the last 100 ms sample) above which new requests are shed; 0: not checked */
    maxEventLoopDelayMs: number;
    /** callers waiting for a database connection at or above which new requests are shed */
    maxDbWaiting: number;
    /**
     * requests from the network in progress in this process at or above which new ones are shed: `adaptive` (the
     * default: learnt from their latency, server/http/adaptive-limit.ts), a fixed number, or 0 (no bound)
     */
    maxInFlight: number | 'adaptive';
    /** the adaptive limit's bounds and the latency it tolerates, as a multiple of its baseline (default ADAPTIVE_LIMIT) */
    adaptive?: { min: number; max: number; tolerance: number };
    /** the Retry-After of a 503 (seconds) */
    retryAfterSeconds: number;
  };
  /** `/readyz`: how long the database may take to answer */
  readyTimeoutMs: number;
  /**
   * After SIGTERM: how long the process goes on serving while `/readyz` answers 503, so a load balancer that polls it
   * stops sending new requests before the listener closes (SHUTDOWN_DRAIN_MS, default 5000; docs/operating.md).
   */
  shutdownDrainMs: number;
  /**
   * How long a token page's HTML waits for its first screen's data (server/http/bootstrap.ts) before it is sent as the
   * plain shell (the SPA then loads the data itself), from FIRST_SCREEN_WAIT_MS (default 800).
   */
  bootstrapTimeoutMs: number;
  /**
   * How long the server renders a page's first screen (server/http/first-screen.ts) before it sends the page without
   * it, from FIRST_SCREEN_RENDER_MS (default 1000).
   */
  pageRenderTimeoutMs: number;
  /**
   * The 32-byte key that seals webhook signing secrets (server/domain/secret-box.ts): WEBHOOK_SECRETS_KEY (64 hex
   * digits), else the file `$DATA_DIR/webhook-secrets.key`, created on first use (mode 0600). Every process on the
   * same database needs the same key: set WEBHOOK_SECRETS_KEY when they do not share a data directory.
   */
  webhookSecretsKey: () => Buffer;
  /** Webhook deliveries: how often a process looks for due ones (WEBHOOK_POLL_MS) and the answer's timeout. */
  webhooks: { pollMs: number; timeoutMs: number };
  /** Scheduled jobs: how often each process's workers look for a job (JOBS_POLL_MS; pg-boss's minimum is 500). */
  jobsPollMs: number;
  /**
   * The vendor API's requests per key and minute, by the policy each operation names in the contract
   * (`x-rate-limit`): VENDOR_RATE_LIMIT_READ (600), VENDOR_RATE_LIMIT_WRITE (120), VENDOR_RATE_LIMIT_OUTBOUND (30).
   */
  vendorRateLimits: VendorRateLimits;
  /** The largest file `POST /vendor-api/imports` takes (VENDOR_IMPORT_MAX_MB, default 64 MiB). */
  vendorImportMaxBytes: number;
  /**
   * Prometheus metrics (server/http/metrics.ts) on a listener of their own: METRICS_PORT (unset: no listener and no
   * counting at all; `0`: any free port) on METRICS_HOST (default 127.0.0.1: not public unless the operator says so).
   */
  metrics: { port?: number; host: string };
}

/** Requests per key in each 60-second window, by policy (server/http/rate-limit.ts). */
export interface VendorRateLimits {
  read: number;
  write: number;
  outbound: number;
}

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The terms documents' folder (AppConfig.epaDir): the built copy when there is one, else public/static/epa. */
export function defaultEpaDir(): string {
  return existsSync(path.resolve(projectRoot, 'dist/static/epa'))
    ? path.resolve(projectRoot, 'dist/static/epa')
    : path.resolve(projectRoot, 'public/static/epa');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const host = env.HOST || '127.0.0.1';
  const port = Number(env.PORT || 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const paymentsPort = env.PAYMENTS_PORT ? Number(env.PAYMENTS_PORT) : port === 0 ? 0 : port + 1;
  if (!Number.isInteger(paymentsPort) || paymentsPort < 0 || paymentsPort > 65535) throw new Error(`PAYMENTS_PORT must be a port number, got "${env.PAYMENTS_PORT}"`);
  return {
    host,
    port,
    publicUrl: (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    payments: {
      port: paymentsPort,
      publicUrl: (env.PAYMENTS_PUBLIC_URL || `http://${host}:${paymentsPort}`).replace(/\/+$/, ''),
      distDir: path.resolve(projectRoot, 'dist-payments'),
    },
    distDir: path.resolve(projectRoot, 'dist'),
    contractPath: path.resolve(projectRoot, 'openapi/portal.yaml'),
    epaDir: defaultEpaDir(),
    logLevel: env.LOG_LEVEL || 'info',
    letmein: { perAddress: 5, perClient: 20, windowMinutes: 15 },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    listCacheBytes: parseListCacheMb(env.LIST_CACHE_MB) * 1024 * 1024,
    db: {
      poolSize: whole(env, 'DB_POOL_SIZE', 10, 1),
      acquireTimeoutMs: whole(env, 'DB_ACQUIRE_TIMEOUT_MS', 2_000),
      statementTimeoutMs: whole(env, 'DB_STATEMENT_TIMEOUT_MS', 5_000),
      longStatementTimeoutMs: whole(env, 'DB_LONG_STATEMENT_TIMEOUT_MS', 60_000),
    },
    http: {
      requestTimeoutMs: whole(env, 'HTTP_REQUEST_TIMEOUT_MS', 30_000),
      headersTimeoutMs: whole(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000),
      keepAliveTimeoutMs: whole(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 72_000),
    },
    shedding: {
      enabled: (env.LOAD_SHEDDING ?? 'on').trim().toLowerCase() !== 'off',
      maxEventLoopDelayMs: whole(env, 'SHED_EVENT_LOOP_DELAY_MS', 0),
      maxDbWaiting: whole(env, 'SHED_DB_WAITING', 32, 1),
      maxInFlight: maxInFlight(env),
      adaptive: adaptiveLimit(env),
      retryAfterSeconds: whole(env, 'SHED_RETRY_AFTER_S', 2, 1),
    },
    readyTimeoutMs: whole(env, 'READY_TIMEOUT_MS', 1_000, 1),
    shutdownDrainMs: whole(env, 'SHUTDOWN_DRAIN_MS', 5_000),
    bootstrapTimeoutMs: whole(env, 'FIRST_SCREEN_WAIT_MS', 800, 1),
    pageRenderTimeoutMs: whole(env, 'FIRST_SCREEN_RENDER_MS', 1000, 1),
    webhookSecretsKey: secretsKeyLoader(env),
    webhooks: { pollMs: whole(env, 'WEBHOOK_POLL_MS', 500, 50), timeoutMs: whole(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100) },
    jobsPollMs: whole(env, 'JOBS_POLL_MS', 5_000, 500),
    vendorRateLimits: {
      read: whole(env, 'VENDOR_RATE_LIMIT_READ', 600, 1),
      write: whole(env, 'VENDOR_RATE_LIMIT_WRITE', 120, 1),
      outbound: whole(env, 'VENDOR_RATE_LIMIT_OUTBOUND', 30, 1),
    },
    vendorImportMaxBytes: whole(env, 'VENDOR_IMPORT_MAX_MB', 64, 1) * 1024 * 1024,
    metrics: { port: parseMetricsPort(env.METRICS_PORT), host: (env.METRICS_HOST ?? '').trim() || '127.0.0.1' },
  };
}

/** METRICS_PORT: unset or empty → undefined (no metrics); else a port number (0: any free port). */
export function parseMetricsPort(value: string | undefined): number | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  if (!/^\d+$/.test(text) || Number(text) > 65535) throw new Error(`METRICS_PORT must be a port number, got "${value}"`);
  return Number(text);
}

/** WEBHOOK_SECRETS_KEY, or the data directory's key file (created on first use); read once, on first use. */
export function secretsKeyLoader(env: NodeJS.ProcessEnv): () => Buffer {
  let key: Buffer | undefined;
  return () => {
    if (key) return key;
    const text = (env.WEBHOOK_SECRETS_KEY ?? '').trim();
    if (text) {
      if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new Error('WEBHOOK_SECRETS_KEY must be 64 hex digits (32 bytes), e.g. from `openssl rand -hex 32`');
      key = Buffer.from(text, 'hex');
      return key;
    }
    // an in-memory database keeps nothing: neither does its key
    if (env.DATA_DIR === 'memory://') return (key = randomBytes(32));
    const dataDir = path.resolve(env.DATA_DIR || '.data'); // the database's own rule (server/db/connect.ts)
    const file = path.join(dataDir, 'webhook-secrets.key');
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true });
      try {
        writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error; // another process made it first
      }
    }
    const stored = readFileSync(file, 'utf8').trim();
    if (!/^[0-9a-fA-F]{64}$/.test(stored)) throw new Error(`${file} must hold 64 hex digits`);
    key = Buffer.from(stored, 'hex');
    return key;
  };
}

/** The adaptive concurrency limit's defaults: from 32, between 4 and 256, latency up to 1.5× its baseline. */
export const ADAPTIVE_LIMIT = { min: 4, max: 256, tolerance: 1.5 } as const;

/** SHED_MAX_IN_FLIGHT: unset or `adaptive` → the adaptive limit; a whole number → that fixed bound (0: none). */
function maxInFlight(env: NodeJS.ProcessEnv): number | 'adaptive' {
  const text = (env.SHED_MAX_IN_FLIGHT ?? '').trim().toLowerCase();
  if (text === '' || text === 'adaptive') return 'adaptive';
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new Error(`SHED_MAX_IN_FLIGHT must be "adaptive" or a whole number (0: no bound), got "${env.SHED_MAX_IN_FLIGHT}"`);
  }
  return Number(text);
}

function adaptiveLimit(env: NodeJS.ProcessEnv): { min: number; max: number; tolerance: number } {
  const min = whole(env, 'SHED_ADAPTIVE_MIN', ADAPTIVE_LIMIT.min, 1);
  const max = whole(env, 'SHED_ADAPTIVE_MAX', ADAPTIVE_LIMIT.max, 1);
  if (max < min) throw new Error(`SHED_ADAPTIVE_MIN (${min}) must be at most SHED_ADAPTIVE_MAX (${max})`);
  const text = (env.SHED_LATENCY_TOLERANCE ?? '').trim();
  if (text === '') return { min, max, tolerance: ADAPTIVE_LIMIT.tolerance };
  const tolerance = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !(tolerance >= 1 && tolerance <= 100)) {
    throw new Error(`SHED_LATENCY_TOLERANCE must be a number from 1 to 100, got "${env.SHED_LATENCY_TOLERANCE}"`);
  }
  return { min, max, tolerance };
}

/** A whole-number setting: unset or empty → `fallback`; otherwise digits, at least `min` (0: off, where it says so). */
export function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const text = (env[name] ?? '').trim();
  if (text === '') return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) {
    throw new Error(`${name} must be a whole number${min > 0 ? ` of at least ${min}` : ''}, got "${env[name]}"`);
  }
  return Number(text);
}

/**
 * TRUST_PROXY: unset, empty, `0` or `false` → no proxy trusted; a whole number → that many proxy hops; otherwise a
 * comma-separated list of proxy addresses or CIDR ranges (e.g. `127.0.0.1,10.0.0.0/8`; also `loopback`, `linklocal`,
 * `uniquelocal`). `true` is refused: trusting
 * every hop lets a client choose its own address with X-Forwarded-For.
 */
export function parseTrustProxy(value: string | undefined): number | string | false {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text.toLowerCase() === 'true') {
    throw new Error('TRUST_PROXY must be a hop count (e.g. 1) or a comma-separated list of proxy addresses, not "true"');
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const address = /^([0-9a-fA-F:.]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/;
  const bad = entries.find((entry) => !address.test(entry));
  if (bad !== undefined || entries.length === 0) {
    throw new Error(`TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses, got "${value}"`);
  }
  return entries.join(',');
}

/** LIST_CACHE_MB: unset or empty → 64; a whole number of MiB ≥ 0 otherwise. */
export function parseListCacheMb(value: string | undefined): number {
  const text = (value ?? '').trim();
  if (text === '') return 64;
  if (!/^\d+$/.test(text)) throw new Error(`LIST_CACHE_MB must be a whole number of MiB (0: no cache), got "${value}"`);
  return Number(text);
}

/** A config for tests and tools: defaults, with overrides. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  // No load shedding in-process: a test's own CPU work (PGlite, PDFs) would read as a lagging event loop. The
  // overload tests turn it on with their own thresholds.
  const base = loadConfig({ PUBLIC_URL: 'http://portal.test', PAYMENTS_PUBLIC_URL: 'http://payments.test', WEBHOOK_SECRETS_KEY: randomBytes(32).toString('hex') });
  // A loaded machine must not turn a page with its first screen into the plain shell: tests wait long for the data
  // (the test of the wait itself sets a short one and a handler that has not answered).
  return { ...base, logLevel: 'silent', shedding: { ...base.shedding, enabled: false }, webhooks: { pollMs: 50, timeoutMs: 5_000 }, bootstrapTimeoutMs: 30_000, pageRenderTimeoutMs: 30_000, ...overrides };
}
