/**
 * Server configuration from the environment (see docs/decisions.md, "Runtime shape").
 * `buildApp` takes the resolved object, so tests pass their own values.
 */
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
  /** Built SPA (`dist/`); the SPA is not served when the folder has no index.html. */
  distDir: string;
  /** The contract the API is registered from. */
  contractPath: string;
  logLevel: string;
  /** `POST /letmein` limits per 15 minutes (DB-backed, shared by every process on the same database). */
  letmein: { perAddress: number; perClient: number; windowMinutes: number };
  /** Fastify `trustProxy` (client IP from X-Forwarded-For); off unless TRUST_PROXY is set. */
  trustProxy: boolean;
}

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const host = env.HOST || '127.0.0.1';
  const port = Number(env.PORT || 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    host,
    port,
    publicUrl: (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    distDir: path.resolve(projectRoot, 'dist'),
    contractPath: path.resolve(projectRoot, 'openapi/portal.yaml'),
    logLevel: env.LOG_LEVEL || 'info',
    letmein: { perAddress: 5, perClient: 20, windowMinutes: 15 },
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  };
}

/** A config for tests and tools: defaults, with overrides. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { ...loadConfig({ PUBLIC_URL: 'http://portal.test' }), logLevel: 'silent', ...overrides };
}
