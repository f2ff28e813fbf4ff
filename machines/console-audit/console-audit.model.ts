import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import type { AuditEvent } from './console-audit.actors';
import type { consoleAuditMachine } from './console-audit.machine';

const event = (id: number, action: string, label: string, kind: 'key' | 'person'): AuditEvent => ({
  id: String(id),
  at: `2026-11-29T0${id % 10}:00:00.000Z`,
  actor: { kind, id: kind === 'key' ? 'a03d3d08-c0d5-4f50-80bd-d4534eeecfa1' : '6b1f9c1e-1d7e-4f44-9d0e-2f5d6c1a7b10', label },
  action,
  method: 'POST',
  path: `/vendor-api/${action}`,
  status: 200,
  ip: '203.0.113.24',
  userAgent: 'Mozilla/5.0',
});

export const auditFirstPage = { events: [event(9, 'createRefund', 'dana@vendor.example', 'person'), event(8, 'upsertInvoices', 'ppk_3kT9xQm2 ERP sync', 'key')], cursor: 'YXVkMTo4', hasMore: true };
export const auditSecondPage = { events: [event(7, 'createConsoleSession', 'dana@vendor.example', 'person')], cursor: 'YXVkMTo3', hasMore: false };
export const auditTeamPage = { events: [event(5, 'inviteVendorUser', 'dana@vendor.example', 'person')], cursor: 'YXVkMTo1', hasMore: false };

/** Model events: two filters (all, team), the next page, a retry, and each answer (a first page; the next page; the team's). */
export function consoleAuditModelEvents(snapshot: SnapshotFrom<typeof consoleAuditMachine>): EventObject[] {
  const { category, events } = snapshot.context;
  const candidates: AnyEventObject[] = [
    ...(['all', 'team'] as const).filter((c) => c !== category).map((c) => ({ type: 'audit.filter', category: c })),
    { type: 'audit.more' },
    { type: 'audit.retry' },
    { type: 'xstate.done.actor.loadAuditPage', output: category === 'team' ? auditTeamPage : auditFirstPage },
    { type: 'xstate.error.actor.loadAuditPage', error: new ConsoleApiError(0) },
    ...(events.length === auditFirstPage.events.length ? [{ type: 'xstate.done.actor.loadMoreAudit', output: auditSecondPage }] : []),
    { type: 'xstate.error.actor.loadMoreAudit', error: new ConsoleApiError(503, 'unavailable') },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
