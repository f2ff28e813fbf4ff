/**
 * The one error body of the API: `{ errorCode, message, field? }` (docs/decisions.md, "Errors").
 * Handlers throw `ApiError`; the error handler turns everything into this shape.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { EARLIEST_DATE, LATEST_DATE } from '../../core/rules/date-bounds.js';
import { isDatabaseUnavailable } from '../db/pool.js';
import { applySecurityHeaders, CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from './security-headers.js';

export interface ErrorBody {
  errorCode: string;
  message: string;
  field?: string;
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ErrorBody {
    return this.field === undefined
      ? { errorCode: this.errorCode, message: this.message }
      : { errorCode: this.errorCode, message: this.message, field: this.field };
  }
}

/** Seconds a caller is asked to wait after a 503 (Retry-After). */
export const RETRY_AFTER_SECONDS = 2;

/** The one answer for "try again in a moment": the database is out of reach, or the server sheds load. */
export const unavailableBody = (): ErrorBody => ({
  errorCode: 'unavailable',
  message: 'The service is busy or briefly unavailable. Please try again in a moment.',
});

export const notFound = (what = 'resource') => new ApiError(404, 'not_found', `The ${what} was not found.`);
export const notImplemented = (operationId: string) =>
  new ApiError(501, 'not_implemented', `${operationId} is not implemented yet`);

interface AjvErrorLike {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** `/a/0/b` → `a[0].b`; the offending property of an ajv error, named as a caller knows it. */
export function fieldOfAjvError(error: AjvErrorLike): string | undefined {
  const segments = (error.instancePath ?? '')
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const extra =
    (error.params?.additionalProperty as string | undefined) ??
    (error.params?.missingProperty as string | undefined) ??
    (error.params?.unevaluatedProperty as string | undefined);
  if (extra !== undefined) segments.push(extra);
  if (segments.length === 0) return undefined;
  return segments.reduce((acc, s) => (/^\d+$/.test(s) ? `${acc}[${s}]` : acc ? `${acc}.${s}` : s), '');
}

function describeAjvError(error: AjvErrorLike): string {
  switch (error.keyword) {
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'is not an allowed field';
    case 'required':
      return 'is required';
    case 'format':
      if (error.params?.format === 'date') return `must be a date (YYYY-MM-DD) from ${EARLIEST_DATE} to ${LATEST_DATE}`;
      if (error.params?.format === 'date-time') return `must be an RFC 3339 date-time from ${EARLIEST_DATE} to ${LATEST_DATE}`;
      return error.message ?? 'is invalid';
    default:
      return error.message ?? 'is invalid';
  }
}

/** Body for a Fastify validation error (ajv errors in `error.validation`). */
export function validationErrorBody(error: FastifyError): ErrorBody {
  const first = (error.validation?.[0] ?? {}) as AjvErrorLike;
  const context = error.validationContext ?? 'body';
  const field = fieldOfAjvError(first);
  const name = field ?? context;
  return {
    errorCode: 'validation_failed',
    message: `${name}: ${field === undefined && context === 'body' ? `request body ${describeAjvError(first)}` : describeAjvError(first)}`,
    field: name,
  };
}

const statusCodes: Record<number, string> = {
  400: 'bad_request',
  401: 'invalid',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  431: 'request_header_fields_too_large',
};

/**
 * The payments service (`/payments-api`, openapi/payments.yaml) answers errors as processor errors:
 * `{ errors: [{ code, message }] }`, the code being the portal's errorCode.
 */
export function isPaymentsServicePath(url: string): boolean {
  return url === '/payments-api' || url.startsWith('/payments-api/') || url.startsWith('/payments-api?');
}

export function toProcessorErrors(body: ErrorBody) {
  return { errors: [{ code: body.errorCode, message: body.message }] };
}

/** An error body in the shape of the API the request went to. */
export function errorPayload(request: FastifyRequest, body: ErrorBody) {
  return isPaymentsServicePath(request.url) ? toProcessorErrors(body) : body;
}

/** Sends an error body in the shape of the API the request went to. */
export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.code(status).send(errorPayload(request, body));
}

/** Fastify error handler: every failure leaves as the Error schema; 5xx details stay in the log. */
export function errorHandler(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    return sendError(request, reply, error.statusCode, error.toBody());
  }
  if (error.validation) {
    return sendError(request, reply, 400, validationErrorBody(error));
  }
  // (a 4xx the framework raised, e.g. a body cut off by the client's ECONNRESET, is the client's, not the database's)
  if (!(error.statusCode && error.statusCode < 500) && isDatabaseUnavailable(error)) {
    // Only the requests that were using the lost connection (or waited too long for one) get this; the process
    // keeps serving and the next request connects again (server/db/pool.ts). A transaction that failed here was
    // rolled back, or committed before the connection went (then a retry with the same Idempotency-Key replays it).
    request.log.warn({ reason: error.message, code: (error as { code?: string }).code }, 'database unavailable');
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return sendError(request, reply, 503, unavailableBody());
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, status, { errorCode: 'internal_error', message: 'Something went wrong on our side.' });
  }
  // Framework errors (malformed JSON, wrong content type, body too large, rate limit): keep the message, it
  // names the problem and never contains request data beyond what the caller sent.
  const body: ErrorBody = {
    errorCode: status === 400 ? 'validation_failed' : (statusCodes[status] ?? 'error'),
    message: error.message,
  };
  if (status === 400) body.field = 'body';
  return sendError(request, reply, status, body);
}

/**
 * Fastify's `frameworkErrors`: errors its router raises before any route runs. They leave in the error shape with
 * the security headers, and never echo the URL (it may hold a token): a malformed URL component (`%zz`) → 400, a
 * path segment longer than `maxParamLength` → 414.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  applySecurityHeaders(request, reply);
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return sendError(request, reply, 400, { errorCode: 'validation_failed', message: 'url: is not a valid URL (malformed percent-encoding)', field: 'url' });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return sendError(request, reply, 414, { errorCode: statusCodes[414]!, message: 'A segment of the request URL is too long.' });
    default:
      request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, 500, { errorCode: 'internal_error', message: 'Something went wrong on our side.' });
  }
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request before Fastify saw it (headers or URL
 * larger than `--max-http-header-size` → 431, a request timeout → 408, anything malformed → 400). No route and no
 * hook runs, so the answer is written to the socket here: the error shape (the portal's; the URL is unknown) with
 * the security headers, then the connection is closed.
 */
export function clientErrorHandler(this: { log: FastifyRequest['log'] }, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let body: ErrorBody = { errorCode: 'bad_request', message: 'The request is malformed.' };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    body = { errorCode: statusCodes[431]!, message: 'The request line or headers are too large.' };
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    body = { errorCode: statusCodes[408]!, message: 'The request took too long to arrive.' };
  }
  this.log.debug({ code: error.code, status }, 'client error');
  if (socket.writable) {
    const text = JSON.stringify(body);
    const headers: Record<string, string | number> = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'cache-control': 'no-store',
      'content-security-policy': CONTENT_SECURITY_POLICY,
      ...SECURITY_HEADERS,
      connection: 'close',
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${text}`);
  }
  socket.destroy(error);
}
