/**
 * Content-Security-Policy violation reports, on the portal's origin and on the payments origin (PCI DSS
 * 11.6.1: a change to a payment page's scripts must be noticed). Browsers send them two ways: the Reporting API
 * (`Reporting-Endpoints: csp="…"` with `report-to csp`, body `application/reports+json`, a list) and the older
 * `report-uri` (body `application/csp-report`, one `{ "csp-report": … }`). Both are answered 204 and logged as a
 * warning with what identifies the violation — directive, disposition, the blocked resource's ORIGIN, the page's
 * path-free origin, status — and nothing else: portal page URLs carry login tokens in their path, and a report's
 * sample could carry what was typed.
 */
import type { FastifyInstance } from 'fastify';

/** The Reporting API header for an endpoint named `csp` (the policies say `report-to csp`). */
export function reportingHeaders(endpoint: string): Record<string, string> {
  return { 'reporting-endpoints': `csp="${endpoint}"` };
}

export interface CspViolation {
  directive: string;
  disposition: string;
  /** origin of the blocked resource, or its keyword (`inline`, `eval`, …) */
  blocked: string;
  /** origin of the page the violation happened on */
  page: string;
  status: number | null;
}

const text = (v: unknown, max = 200): string => (typeof v === 'string' ? v.slice(0, max) : '');

/** `https://x.example/a/b?c` → `https://x.example`; a keyword (`inline`, `eval`) stays; anything else ''. */
export function originOnly(url: unknown): string {
  const value = text(url, 2048);
  if (/^[a-z-]+$/.test(value)) return value;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : u.protocol.replace(/:$/, '');
  } catch {
    return '';
  }
}

/** The violations a report body holds (either format), at most 20, reduced to what may be logged. */
export function cspViolations(body: unknown): CspViolation[] {
  const out: CspViolation[] = [];
  const push = (r: Record<string, unknown> | undefined) => {
    if (!r || typeof r !== 'object') return;
    out.push({
      directive: text(r.effectiveDirective ?? r['effective-directive'] ?? r['violated-directive'], 80),
      disposition: text(r.disposition, 20) || 'enforce',
      blocked: originOnly(r.blockedURL ?? r['blocked-uri']),
      page: originOnly(r.documentURL ?? r['document-uri']),
      status: typeof (r.statusCode ?? r['status-code']) === 'number' ? Number(r.statusCode ?? r['status-code']) : null,
    });
  };
  if (Array.isArray(body)) {
    for (const report of body.slice(0, 20)) {
      if (report && typeof report === 'object' && (report as { type?: unknown }).type === 'csp-violation') push((report as { body?: Record<string, unknown> }).body);
    }
  } else if (body && typeof body === 'object' && 'csp-report' in body) {
    push((body as Record<string, Record<string, unknown>>)['csp-report']);
  }
  return out;
}

/** `POST /csp-reports` on `app`: parsed as JSON whatever the report's media type, bounded, logged, 204. */
export function registerCspReports(app: FastifyInstance) {
  app.register(async (scope) => {
    for (const type of ['application/reports+json', 'application/csp-report']) {
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, payload, done) => {
        try {
          done(null, JSON.parse(String(payload)));
        } catch {
          done(null, null);
        }
      });
    }
    scope.post('/csp-reports', { bodyLimit: 64 * 1024 }, async (request, reply) => {
      for (const violation of cspViolations(request.body)) request.log.warn({ cspViolation: violation }, 'content security policy violation');
      return reply.code(204).send();
    });
  });
}
