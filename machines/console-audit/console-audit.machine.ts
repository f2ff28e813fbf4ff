import { assign, setup } from 'xstate';
import type { AuditCategory } from './audit-categories';
import { loadAuditPage, type AuditEvent } from './console-audit.actors';

export interface ConsoleAuditContext {
  category: AuditCategory;
  events: AuditEvent[];
  cursor: string | null;
  hasMore: boolean;
  /** the next page could not be read (the ones shown stay) */
  moreFailed: boolean;
}

export type ConsoleAuditEvent = { type: 'audit.filter'; category: AuditCategory } | { type: 'audit.more' } | { type: 'audit.retry' };

/**
 * The console's audit log: newest first, filtered by kind of change, a page at a time (the server filters and pages).
 *
 * loading ──done──▶ ready ──filter──▶ loading          ready ──more [hasMore]──▶ loadingMore ──done──▶ ready (appended)
 *    └─error──▶ failed ──retry──▶ loading                                                   └─error──▶ ready (moreFailed)
 */
export const consoleAuditMachine = setup({
  types: {} as { context: ConsoleAuditContext; events: ConsoleAuditEvent },
  actors: { loadAuditPage },
  guards: {
    hasMore: ({ context }) => context.hasMore,
    isOtherCategory: ({ context, event }) => event.type === 'audit.filter' && event.category !== context.category,
  },
}).createMachine({
  id: 'consoleAudit',
  context: { category: 'all', events: [], cursor: null, hasMore: false, moreFailed: false },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ events: [], cursor: null, hasMore: false, moreFailed: false }),
      invoke: {
        id: 'loadAuditPage',
        src: 'loadAuditPage',
        input: ({ context }) => ({ category: context.category, cursor: null }),
        onDone: { target: 'ready', actions: assign({ events: ({ event }) => event.output.events, cursor: ({ event }) => event.output.cursor, hasMore: ({ event }) => event.output.hasMore }) },
        onError: { target: 'failed' },
      },
      on: { 'audit.filter': { guard: 'isOtherCategory', target: 'loading', reenter: true, actions: assign({ category: ({ event }) => event.category }) } },
    },
    failed: { on: { 'audit.retry': { target: 'loading' }, 'audit.filter': { target: 'loading', actions: assign({ category: ({ event }) => event.category }) } } },
    ready: {
      on: {
        'audit.filter': { guard: 'isOtherCategory', target: 'loading', actions: assign({ category: ({ event }) => event.category }) },
        'audit.more': { guard: 'hasMore', target: 'loadingMore' },
      },
    },
    loadingMore: {
      entry: assign({ moreFailed: false }),
      invoke: {
        id: 'loadMoreAudit',
        src: 'loadAuditPage',
        input: ({ context }) => ({ category: context.category, cursor: context.cursor }),
        onDone: {
          target: 'ready',
          actions: assign({ events: ({ context, event }) => [...context.events, ...event.output.events], cursor: ({ event }) => event.output.cursor, hasMore: ({ event }) => event.output.hasMore }),
        },
        onError: { target: 'ready', actions: assign({ moreFailed: true }) },
      },
      on: { 'audit.filter': { guard: 'isOtherCategory', target: 'loading', actions: assign({ category: ({ event }) => event.category }) } },
    },
  },
});
