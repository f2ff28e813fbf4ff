/**
 * The one error body of the API: `{ errorCode, message, field? }` (docs/decisions.md, "Errors").
 * Handlers throw `ApiError`; the error handler turns everything into this shape.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

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
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
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

/** Sends an error body in the shape of the API the request went to. */
export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.code(status).send(isPaymentsServicePath(request.url) ? toProcessorErrors(body) : body);
}

/** Fastify error handler: every failure leaves as the Error schema; 5xx details stay in the log. */
export function errorHandler(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    return sendError(request, reply, error.statusCode, error.toBody());
  }
  if (error.validation) {
    return sendError(request, reply, 400, validationErrorBody(error));
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
