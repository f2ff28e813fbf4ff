/**
 * Structured JSON logs (pino through Fastify) that never carry a token: the Authorization header is
 * redacted and `/token/<token>` path segments are masked in every logged URL.
 */
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/** `/token/abc/vendors` → `/token/[redacted]/vendors` (also inside query strings). */
export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(/\/token\/[^/?#\s]+/g, '/token/[redacted]');
}

export interface LoggerSetup {
  level?: string;
  /** Where log lines go (default stdout); tests pass a stream to read them. */
  stream?: DestinationStream;
}

export function loggerOptions(setup: LoggerSetup): FastifyServerOptions['logger'] {
  return {
    level: setup.level ?? 'info',
    ...(setup.stream ? { stream: setup.stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', 'authorization', '*.authorization'],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; hostname?: string; ip?: string; id?: string }) {
        return { method: request.method, url: redactUrl(request.url), hostname: request.hostname, remoteAddress: request.ip };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
