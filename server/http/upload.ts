/**
 * File uploads of the vendor API (`POST /vendor-api/imports`), streamed: the request body is never parsed or held
 * whole. A body of `text/csv` or `application/x-ndjson` is the file itself; a `multipart/form-data` body carries it as
 * the part named `file` (busboy parses the parts as they stream; the part's own type, else its filename's extension,
 * says CSV or NDJSON). The handler reads the file's bytes as they arrive (`Upload.file`); their SHA-256 is known once
 * read through (the Idempotency-Key compares uploads by it).
 */
import { createHash } from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';
import busboy from 'busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

export const UPLOAD_MEDIA_TYPES = ['text/csv', 'application/x-ndjson', 'multipart/form-data'] as const;

export interface UploadFile {
  /** the file's bytes as they arrive */
  stream: Readable;
  /** `text/csv` or `application/x-ndjson` when the request says which (its type, or the part's type or filename) */
  mediaType: string | undefined;
}

export interface Upload {
  /** the file, once its bytes start (for multipart: once its part begins) */
  file(): Promise<UploadFile>;
  /** reads whatever is left of the file and answers its SHA-256 (hex) */
  drain(): Promise<string>;
  /** the file's SHA-256 (hex), once it was read through */
  digest(): Promise<string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    upload?: Upload;
  }
}

const byExtension = (filename: string | undefined) =>
  !filename ? undefined : /\.csv$/i.test(filename) ? 'text/csv' : /\.(ndjson|jsonl)$/i.test(filename) ? 'application/x-ndjson' : undefined;

function hashing(onDigest: (hex: string) => void): Transform {
  const hash = createHash('sha256');
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      onDigest(hash.digest('hex'));
      callback();
    },
  });
}

function uploadOf(request: FastifyRequest, payload: Readable): Upload {
  let resolveDigest!: (hex: string) => void;
  let rejectDigest!: (error: unknown) => void;
  const digest = new Promise<string>((resolve, reject) => {
    resolveDigest = resolve;
    rejectDigest = reject;
  });
  digest.catch(() => undefined);
  const type = String(request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  let file: Promise<UploadFile>;
  if (type === 'multipart/form-data') {
    file = new Promise<UploadFile>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({ headers: request.headers, limits: { files: 1, parts: 20, fields: 10, fieldSize: 1024 } });
      } catch (error) {
        reject(new ApiError(400, 'validation_failed', `The multipart body cannot be read: ${(error as Error).message}.`, 'body'));
        return;
      }
      let found = false;
      parser.on('file', (name, stream, info) => {
        if (name !== 'file' || found) {
          stream.resume();
          return;
        }
        found = true;
        const hashed = stream.pipe(hashing(resolveDigest));
        stream.on('error', rejectDigest);
        resolve({ stream: hashed, mediaType: ['text/csv', 'application/x-ndjson'].includes(info.mimeType) ? info.mimeType : byExtension(info.filename) });
      });
      parser.on('error', (error) => {
        rejectDigest(error);
        reject(new ApiError(400, 'validation_failed', `The multipart body cannot be read: ${(error as Error).message}.`, 'body'));
      });
      parser.on('close', () => {
        if (!found) {
          const error = new ApiError(400, 'validation_failed', 'The multipart body has no part named "file": send the file as the part `file`.', 'file');
          rejectDigest(error);
          reject(error);
        }
      });
      payload.pipe(parser);
    });
  } else {
    const hashed = payload.pipe(hashing(resolveDigest));
    payload.on('error', rejectDigest);
    file = Promise.resolve({ stream: hashed, mediaType: type });
  }
  file.catch(() => undefined);
  return {
    file: () => file,
    async drain() {
      const { stream } = await file;
      stream.pipe(new PassThrough()).resume();
      return digest;
    },
    digest: () => digest,
  };
}

/** Streams the upload media types to the handler (`request.upload`) instead of parsing them. */
export function registerUploadParsers(app: FastifyInstance): void {
  for (const type of UPLOAD_MEDIA_TYPES) {
    if (app.hasContentTypeParser(type)) continue;
    app.addContentTypeParser(type, (request, payload, done) => {
      request.upload = uploadOf(request, payload);
      // the body itself is the stream above; what the contract's validation sees is an empty stand-in of its shape
      done(null, type === 'multipart/form-data' ? { file: '' } : '');
    });
  }
}
