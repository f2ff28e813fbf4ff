/**
 * Structured JSON logs (pino through Fastify) that never carry a token: the Authorization header is
 * redacted, `/token/<token>` path segments are masked and every query value is replaced (a token or an address
 * sent as `?token=…` never lands in the log; the parameter names stay) in every logged URL.
 */
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/** `/token/abc/vendors?token=x&page=2` → `/token/[redacted]/vendors?token=[redacted]&page=[redacted]`. */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const hash = url.indexOf('#');
  const withoutFragment = hash === -1 ? url : url.slice(0, hash);
  const question = withoutFragment.indexOf('?');
  const path = (question === -1 ? withoutFragment : withoutFragment.slice(0, question)).replace(/\/token\/[^/?#\s]+/g, '/token/[redacted]');
  if (question === -1) return path;
  const query = withoutFragment
    .slice(question + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq === -1 ? '[redacted]' : `${pair.slice(0, eq)}=[redacted]`;
    })
    .join('&');
  return `${path}?${query}`;
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
