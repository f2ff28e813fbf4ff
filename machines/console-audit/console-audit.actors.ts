/** Actors of the console's audit log page. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';
import { actionsOf, type AuditCategory } from './audit-categories';

export type AuditEvent = components['schemas']['AuditEvent'];
export interface AuditPage {
  events: AuditEvent[];
  cursor: string | null;
  hasMore: boolean;
}

export const PAGE_SIZE = 100;

export const loadAuditPage = fromPromise<AuditPage, { category: AuditCategory; cursor: string | null }>(async ({ input }) => {
  const action = actionsOf(input.category);
  try {
    return unwrapConsole(
      await vendorApi.GET('/audit-log', { params: { query: { limit: PAGE_SIZE, ...(action.length ? { action: [...action] } : {}), ...(input.cursor ? { cursor: input.cursor } : {}) } } }),
    );
  } catch (error) {
    throw networkError(error);
  }
});

/** The CSV export of the same filter (a plain link: the browser downloads it with the session cookie). */
export function auditCsvHref(category: AuditCategory): string {
  const query = new URLSearchParams(actionsOf(category).map((action) => ['action', action]));
  const text = query.toString();
  return `/vendor-api/audit-log.csv${text ? `?${text}` : ''}`;
}
