/**
 * The audit log (openapi/vendor.yaml, tag audit): every change made through the vendor API by a key or a person,
 * newest first, filtered by who, what and when; in JSON pages or as CSV. Rows are written by server/http/audit.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toCsv, type CsvColumn } from '../../../core/rules/csv.js';
import { toIsoString } from '../../domain/dates.js';
import type { Handlers } from '../../http/api.js';
import { ApiError } from '../../http/errors.js';
import { pageOf, pageStart } from '../../http/page-cursor.js';
import { vendorOf } from '../../http/vendor-auth.js';
import { auditEvents, type AuditEventRow, type AuditFilter } from '../../repos/vendor-audit.js';
import type { RouteDeps } from '../deps.js';

interface AuditQuery {
  actorId?: string;
  action?: string[];
  since?: string;
  until?: string;
  cursor?: string;
  limit?: number;
}

const event = (row: AuditEventRow) => ({
  id: String(row.seq),
  at: toIsoString(row.at),
  actor: { kind: row.actorKind, id: row.actorId, label: row.actorLabel },
  action: row.action,
  method: row.method,
  path: row.path,
  status: row.status,
  ip: row.ip,
  userAgent: row.userAgent,
});

const CSV_COLUMNS: readonly CsvColumn<AuditEventRow>[] = [
  { header: 'id', value: (r) => String(r.seq) },
  { header: 'at', value: (r) => toIsoString(r.at) },
  { header: 'actorKind', value: (r) => r.actorKind },
  { header: 'actorId', value: (r) => r.actorId },
  { header: 'actor', value: (r) => r.actorLabel },
  { header: 'action', value: (r) => r.action },
  { header: 'method', value: (r) => r.method },
  { header: 'path', value: (r) => r.path },
  { header: 'status', value: (r) => String(r.status) },
  { header: 'ip', value: (r) => r.ip },
  { header: 'userAgent', value: (r) => r.userAgent },
];

function filterOf(query: AuditQuery): AuditFilter {
  const since = query.since === undefined ? undefined : new Date(query.since);
  const until = query.until === undefined ? undefined : new Date(query.until);
  if (since && until && since.getTime() >= until.getTime()) throw new ApiError(400, 'validation_failed', 'until: must be after since', 'until');
  return { actorId: query.actorId, action: query.action, since, until };
}

export function auditHandlers({ db }: RouteDeps): Handlers {
  return {
    async listAuditEvents(request) {
      const query = request.query as AuditQuery;
      const limit = query.limit ?? 100;
      const start = pageStart('audit', query);
      const rows = await auditEvents(db, vendorOf(request), filterOf(query), start, limit + 1);
      const page = pageOf('audit', rows, limit, (row) => String(row.seq), start);
      return { events: page.items.map(event), cursor: page.cursor, hasMore: page.hasMore };
    },

    async exportAuditEventsCsv(request: FastifyRequest, reply: FastifyReply) {
      const query = request.query as AuditQuery;
      const rows = await auditEvents(db, vendorOf(request), filterOf(query), pageStart('audit', query), query.limit ?? 10_000);
      return reply
        .code(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store')
        .send(toCsv(CSV_COLUMNS, rows));
    },
  };
}
