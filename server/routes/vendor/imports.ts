/** The vendor API's file imports (tag `imports` of openapi/vendor.yaml): an upload streamed in, its import's state. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Handlers } from '../../http/api.js';
import { afterReply } from '../../http/after-reply.js';
import { ApiError } from '../../http/errors.js';
import { answerOf } from '../../http/refusal.js';
import { vendorOf } from '../../http/vendor-auth.js';
import { importOf, receiveImport, runImports, vendorImport } from '../../use-cases/vendor-http-import.js';
import type { RouteDeps } from '../deps.js';

const FORMATS: Record<string, 'csv' | 'ndjson'> = { 'text/csv': 'csv', 'application/x-ndjson': 'ndjson' };

export function importHandlers({ db, config }: RouteDeps): Handlers {
  return {
    async createImport(request: FastifyRequest, reply: FastifyReply) {
      const vendorId = vendorOf(request);
      const { dryRun = false } = request.query as { kind?: 'invoices'; dryRun?: boolean };
      if (!request.upload) throw new ApiError(400, 'validation_failed', 'The file is missing: send it as the body (text/csv or application/x-ndjson) or as the multipart part `file`.', 'file');
      const file = await request.upload.file();
      const format = file.mediaType ? FORMATS[file.mediaType] : undefined;
      if (!format) {
        file.stream.resume();
        throw new ApiError(400, 'validation_failed', 'The file must be CSV (text/csv, or a .csv filename) or NDJSON (application/x-ndjson, or a .ndjson / .jsonl filename).', 'file');
      }
      const outcome = await receiveImport(db, vendorId, { format, dryRun, body: file.stream }, { maxBytes: config.vendorImportMaxBytes });
      if (!outcome.ok) {
        // refused before the end of the body (too large): the rest is not read; the connection closes after the answer
        file.stream.resume();
        reply.header('connection', 'close');
      }
      const received = answerOf(outcome);
      // started at once after the answer (the imports job also runs every minute, in every process)
      afterReply(reply, config, 'import', request.log, () => runImports(db));
      return reply.code(202).header('location', `/vendor-api/imports/${received.id}`).send(vendorImport(received));
    },
    async getImport(request) {
      const { importId } = request.params as { importId: string };
      return vendorImport(answerOf(await importOf(db, vendorOf(request), importId)));
    },
  };
}
