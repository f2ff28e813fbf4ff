/**
 * Compressed API answers: a JSON answer of at least `COMPRESS_MIN_BYTES` is sent brotli- (quality 4) or
 * gzip-compressed (level 5) when the request's `Accept-Encoding` allows it — a 5,000-invoice list shrinks from
 * ≈ 2.5 MB to ≈ 0.2 MB. Compression runs on libuv's thread pool (async zlib), not on the event loop. Small answers
 * stay uncompressed (not worth the CPU). Answers carry no secrets next to attacker-chosen text (the token travels in
 * a header), so compression leaks nothing BREACH-style.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const COMPRESS_MIN_BYTES = 32 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `br`, `gzip` or null for an Accept-Encoding header (q=0 refuses a coding). */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (typeof header !== 'string' || header === '') return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0)) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

/** A JSON body compressed as the answers here are (brotli quality 4 text mode, gzip level 5), off the event loop. */
export function compressBody(body: string | Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
    : gzipAsync(body, { level: 5 });
}

async function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES || reply.hasHeader('content-encoding')) return payload;
  if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
  reply.header('vary', 'accept-encoding');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  const body = await compressBody(payload, encoding);
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return body;
}

/** Registers the compression of large JSON answers (once per app). */
export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', compressAnswer);
}
