/**
 * Hand-written code vs a well-kept library for the same job, on the hot operation of each:
 * `npm run bench -- libs` (or `npx tsx scripts/bench/libs.ts`).
 *
 * 1. HS256 JWT sign + verify: server/domain/jwt.ts (node:crypto) vs `jose` (SignJWT + jwtVerify, the secret as
 *    bytes per call as the server has it, and once more with a CryptoKey imported up front).
 * 2. Security headers per request: Fastify's inject over 5,000 requests per round, the hand-written onSend hook vs
 *    `@fastify/helmet` set to the same policy (plus the two headers helmet cannot express, by hand), beside an app
 *    with no headers at all.
 * 3. The list cache's LRU: a get/set mix over 2,000 keys of which about half fit, the Map kept in use order that
 *    the list cache had (copied here) vs the list cache itself (`lru-cache`, maxSize with each entry's bytes).
 *
 * Each figure is the median of several rounds (ops/s), the candidates' rounds taking turns; the ratio is library ÷
 * hand-written (> 1: the library is faster). Operations run one after another, so jose's figure is its latency: Web
 * Crypto's HMAC goes through the libuv thread pool and back for each sign and each verify.
 *
 * Measured on the 2-core development machine under load from other work (three runs; library/hand-written):
 * jose 0.03–0.08 (about 27,000 vs 1,000 sign + verify per second); @fastify/helmet 0.84–0.97 (always slower); the
 * list cache on lru-cache 1.05–1.35. So lru-cache is used; JWT and headers stay hand-written.
 *
 * jose and @fastify/helmet are not dependencies of the portal: the bench skips them unless
 * `npm i --no-save jose @fastify/helmet` brought them in for a rerun. Env: BENCH_ROUNDS (default 7), BENCH_ONLY
 * (comma-separated: jwt, headers, lru). A benchmark, not a test: always exits 0.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { ListCache } from '../../server/http/list-cache.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

interface Figure {
  name: string;
  opsPerSecond: number;
}

interface Candidate {
  name: string;
  iterations: number;
  op: (i: number) => unknown;
}

/**
 * Median ops/s of each candidate over `ROUNDS` rounds (after one warm-up round each). The rounds of the candidates
 * take turns, so a burst of load from elsewhere on the machine falls on all of them alike.
 */
async function measure(...candidates: Candidate[]): Promise<Figure[]> {
  const round = async ({ iterations, op }: Candidate) => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) {
      const result = op(i);
      if (result instanceof Promise) await result;
    }
    return Number(process.hrtime.bigint() - start) / 1e9;
  };
  for (const c of candidates) await round(c);
  const seconds = candidates.map(() => [] as number[]);
  for (let r = 0; r < ROUNDS; r++) for (const [i, c] of candidates.entries()) seconds[i]!.push(await round(c));
  return candidates.map((c, i) => {
    const sorted = seconds[i]!.sort((a, b) => a - b);
    return { name: c.name, opsPerSecond: c.iterations / sorted[Math.floor(sorted.length / 2)]! };
  });
}

function report(title: string, [hand, ...others]: Figure[]) {
  console.log(`\n${title}`);
  const row = (f: Figure, ratio?: number) =>
    console.log(`  ${f.name.padEnd(48)} ${Math.round(f.opsPerSecond).toLocaleString('en-US').padStart(12)} ops/s${ratio === undefined ? '' : `   library/hand-written ${ratio.toFixed(2)}`}`);
  row(hand!);
  for (const f of others) row(f, f.opsPerSecond / hand!.opsPerSecond);
}

/** The part of jose's API the bench calls (typed here: jose is not a dependency of the portal). */
interface Jose {
  SignJWT: new (claims: Record<string, unknown>) => {
    setProtectedHeader(header: { alg: string; typ: string }): { sign(key: Uint8Array | CryptoKey): Promise<string> };
  };
  jwtVerify(token: string, key: Uint8Array | CryptoKey, options: { algorithms: string[]; requiredClaims: string[] }): Promise<unknown>;
}

/** A module by a name TypeScript does not resolve, so that a library the portal does not depend on may be absent. */
async function optional<T>(name: string): Promise<T | undefined> {
  try {
    return (await import(name)) as T;
  } catch {
    console.log(`  (${name} is not installed: skipped; \`npm i --no-save ${name}\` to compare)`);
    return undefined;
  }
}

// ─── 1. JWT ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** The hand-written HS256 of server/domain/jwt.ts, copied so that the comparison does not move with it. */
const handJwt = (() => {
  const HEADER = { alg: 'HS256', typ: 'JWT' } as const;
  const SEGMENT = /^[A-Za-z0-9_-]+$/;
  const b64url = (text: string | Buffer) => Buffer.from(text).toString('base64url');
  const hmac = (secret: Buffer | string, input: string) => createHmac('sha256', secret).update(input, 'ascii').digest();
  const parse = (segment: string): unknown => {
    try {
      return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
  };
  const sign = (claims: Record<string, unknown>, secret: Buffer) => {
    const input = `${b64url(JSON.stringify(HEADER))}.${b64url(JSON.stringify(claims))}`;
    return `${input}.${hmac(secret, input).toString('base64url')}`;
  };
  const verify = (token: string, secret: Buffer, now = new Date()) => {
    if (typeof token !== 'string' || token.length > 4096) return { ok: false, reason: 'malformed' } as const;
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((p) => SEGMENT.test(p))) return { ok: false, reason: 'malformed' } as const;
    const [h, p, s] = parts as [string, string, string];
    const header = parse(h) as { alg?: unknown } | undefined;
    if (!header || typeof header !== 'object' || header.alg !== 'HS256') return { ok: false, reason: 'malformed' } as const;
    const expected = hmac(secret, `${h}.${p}`);
    const given = Buffer.from(s, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' } as const;
    const claims = parse(p) as { exp?: unknown } | undefined;
    if (!claims || typeof claims !== 'object' || typeof claims.exp !== 'number') return { ok: false, reason: 'malformed' } as const;
    if (claims.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' } as const;
    return { ok: true, claims } as const;
  };
  return { sign, verify };
})();

async function benchJwt() {
  const secret = Buffer.alloc(32, 7);
  const claims = () => {
    const iat = Math.floor(Date.now() / 1000);
    return {
      contactId: '7b0a6f2e-4c1d-4f7a-9d0e-2a3b4c5d6e7f',
      vendorId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      locationId: '9f8e7d6c-5b4a-4938-8271-6a5b4c3d2e1f',
      iat,
      exp: iat + 900,
    };
  };
  const N = 20_000;
  const candidates: Candidate[] = [
    {
      name: 'hand-written (node:crypto)',
      iterations: N,
      op: () => {
        if (!handJwt.verify(handJwt.sign(claims(), secret), secret).ok) throw new Error('hand-written JWT did not verify');
      },
    },
  ];
  const jose = await optional<Jose>('jose');
  if (jose) {
    const signJose = (key: Uint8Array | CryptoKey) => new jose.SignJWT(claims()).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
    const verifyJose = (token: string, key: Uint8Array | CryptoKey) => jose.jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
    const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    candidates.push(
      { name: 'jose, secret as bytes (as the server reads it)', iterations: N / 10, op: async () => void (await verifyJose(await signJose(secret), secret)) },
      { name: 'jose, CryptoKey imported once', iterations: N / 10, op: async () => void (await verifyJose(await signJose(key), key)) },
    );
  }
  report('HS256 JWT: sign + verify', await measure(...candidates));
}

// ─── 2. Security headers ────────────────────────────────────────────────────────────────────────────────────────

/** Today's policy (server/http/security-headers.ts), copied so that the comparison does not move with it. */
const CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};
const CSP_TEXT = Object.entries(CSP)
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join('; ');
const HEADERS: Record<string, string> = {
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};
const isNoStore = (url: string) => url.startsWith('/api/') || url.startsWith('/payments-api/');

function routes(app: FastifyInstance) {
  app.get('/api/thing', async () => ({ id: 1, name: 'thing' }));
  app.get('/page', async (_request, reply) => reply.type('text/html').send('<!doctype html><p>page</p>'));
  return app;
}

async function benchHeaders() {
  const none = routes(Fastify());
  const hand = Fastify();
  hand.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CSP_TEXT);
    for (const [name, value] of Object.entries(HEADERS)) reply.header(name, value);
    if (isNoStore(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  routes(hand);

  const apps: Array<[string, FastifyInstance]> = [['no security headers (floor)', none]];
  const helmet = await optional<{ default: FastifyPluginAsync<Record<string, unknown>> }>('@fastify/helmet');
  if (helmet) {
    const withHelmet = Fastify();
    await withHelmet.register(helmet.default, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: CSP },
      referrerPolicy: { policy: 'no-referrer' },
      xContentTypeOptions: true,
      xFrameOptions: { action: 'deny' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: false,
      originAgentCluster: false,
      strictTransportSecurity: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xPoweredBy: false,
      xXssProtection: false,
    });
    // what helmet has no option for: Permissions-Policy and no-store on the API
    withHelmet.addHook('onSend', async (request, reply, payload) => {
      reply.header('permissions-policy', HEADERS['permissions-policy']);
      if (isNoStore(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
    routes(withHelmet);
    apps.push(['@fastify/helmet (+ the two it cannot express)', withHelmet]);
  }
  const N = 5_000;
  const urls = ['/api/thing', '/page'];
  const run = (app: FastifyInstance) => async (i: number) => {
    const res = await app.inject({ url: urls[i % 2]! });
    if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
  };
  await Promise.all([hand.ready(), ...apps.map(([, app]) => app.ready())]);
  const figures = await measure(
    { name: 'hand-written onSend hook', iterations: N, op: run(hand) },
    ...apps.map(([name, app]) => ({ name, iterations: N, op: run(app) })),
  );
  report(`Security headers: fastify.inject, ${N.toLocaleString('en-US')} requests per round`, figures);
  for (const [, app] of [['', hand] as const, ...apps]) await app.close();
}

// ─── 3. The list cache's LRU ────────────────────────────────────────────────────────────────────────────────────

interface Entry {
  version: string;
  body: Buffer;
  bytes: number;
}

interface Lru {
  get(key: string, version: string): unknown;
  set(key: string, version: string, body: Buffer): unknown;
}

/** The Map in use order of server/http/list-cache.ts (its get / set / evict), copied. */
class MapLru implements Lru {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  constructor(readonly maxBytes: number) {}
  get(key: string, version: string) {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.version !== version) {
      this.#bytes -= entry.bytes;
      return undefined;
    }
    this.#entries.set(key, entry);
    return entry;
  }
  set(key: string, version: string, body: Buffer) {
    const entry: Entry = { version, body, bytes: body.byteLength + key.length };
    const old = this.#entries.get(key);
    if (old) {
      this.#entries.delete(key);
      this.#bytes -= old.bytes;
    }
    if (entry.bytes > this.maxBytes) return entry;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    for (const [k, e] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(k);
      this.#bytes -= e.bytes;
    }
    return entry;
  }
}

async function benchLru() {
  const KEYS = 2_000;
  const BODY = 1_000;
  const maxBytes = (KEYS / 2) * (BODY + 8);
  const bodies = Array.from({ length: 16 }, (_, i) => Buffer.alloc(BODY + (i % 4), i));
  // a fixed pseudo-random sequence of operations: 85 % get (skewed towards the hot quarter of the keys), 15 % set
  let seed = 42;
  const next = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const ops = Array.from({ length: 100_000 }, () => {
    const hot = next() < 0.7;
    const key = `k${Math.floor(next() * (hot ? KEYS / 4 : KEYS))}`;
    return { set: next() < 0.15, key, version: next() < 0.05 ? '2' : '1', body: bodies[Math.floor(next() * bodies.length)]! };
  });
  const drive = (lru: Lru) => (i: number) => {
    const op = ops[i % ops.length]!;
    if (op.set) lru.set(op.key, op.version, op.body);
    else if (!lru.get(op.key, op.version)) lru.set(op.key, op.version, op.body);
  };
  const N = 500_000;
  const candidates: Candidate[] = [{ name: 'hand-written (Map in use order)', iterations: N, op: drive(new MapLru(maxBytes)) }];
  candidates.push({ name: 'lru-cache (server/http/list-cache.ts)', iterations: N, op: drive(new ListCache(maxBytes)) });
  report(`List cache LRU: get/set mix, ${KEYS.toLocaleString('en-US')} keys, about half fit`, await measure(...candidates));
}

const only = (process.env.BENCH_ONLY ?? 'jwt,headers,lru').split(',');
console.log(`libs bench: median of ${ROUNDS} rounds, node ${process.version}`);
if (only.includes('jwt')) await benchJwt();
if (only.includes('headers')) await benchHeaders();
if (only.includes('lru')) await benchLru();
