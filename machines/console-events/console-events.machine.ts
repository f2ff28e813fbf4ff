import { assign, setup } from 'xstate';
import { loadEvents, loadMoreEvents, redeliverEvent, type EventType, type VendorEvent, type WebhookEndpoint } from './console-events.actors';

/** The event types of the contract (`EventType`), in the order the filter lists them. */
export const EVENT_TYPES = [
  'payment_group.scheduled', 'payment_group.completed', 'payment_group.failed', 'payment_group.canceled', 'payment_group.returned',
  'refund.created', 'refund.succeeded', 'refund.failed', 'invoice.disputed', 'invoice.short_paid', 'comment.added', 'autopay.enabled',
  'autopay.updated', 'autopay.disabled', 'autopay.paused', 'payment_plan.created', 'payment_plan.method_changed', 'payment_plan.paused',
  'payment_method.added', 'payment_method.deleted', 'statement_delivery.changed', 'reminder.added', 'reminder.deleted', 'import.completed', 'ping',
] as const satisfies readonly EventType[];
// a type added to the contract and not listed here fails to type-check
const everyTypeListed: Exclude<EventType, (typeof EVENT_TYPES)[number]> extends never ? true : never = true;
void everyTypeListed;

export interface ConsoleEventsContext {
  /** '' → every type */
  type: EventType | '';
  events: VendorEvent[];
  cursor: string | null;
  hasMore: boolean;
  moreFailed: boolean;
  endpoints: WebhookEndpoint[];
  /** the event whose data is shown */
  openId: string | null;
  /** the event asked to be sent again, and where: 'all' → every endpoint it went to */
  target: VendorEvent | null;
  destination: 'all' | string;
  problem: string | null;
  notice: { deliveries: number } | null;
  keyBase: string;
  done: number;
}

export type ConsoleEventsEvent =
  | { type: 'events.retry' }
  | { type: 'filter.change'; value: EventType | '' }
  | { type: 'events.more' }
  | { type: 'event.toggle'; eventId: string }
  | { type: 'redeliver.ask'; eventId: string }
  | { type: 'redeliver.choose'; destination: 'all' | string }
  | { type: 'redeliver.confirm' }
  | { type: 'redeliver.cancel' };

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
const messageOf = (error: unknown) => (error as { message?: string } | undefined)?.message ?? 'That did not reach PerformancePay. Try again.';

/**
 * The Developers page's events log (admins): every event the portal recorded for the vendor, newest first, of one
 * type or all, 50 at a time; an event's data shown; an event sent again — to every endpoint it went to, or to one —
 * after a confirmation, once per confirmation (its Idempotency-Key).
 *
 * loading ──▶ ready | failed (retry)
 * ready ──filter.change──▶ loading (that type)          ready ──events.more [more]──▶ loadingMore ──▶ ready (older ones appended | moreFailed)
 * ready ──event.toggle──▶ ready (its data shown or hidden)
 * ready ──redeliver.ask──▶ confirming ──choose──▶ confirming ──confirm──▶ redelivering ──▶ ready (how many sent) | confirming (problem)
 */
export const consoleEventsMachine = setup({
  types: {} as { context: ConsoleEventsContext; events: ConsoleEventsEvent },
  actors: { loadEvents, loadMoreEvents, redeliverEvent },
  guards: {
    hasMore: ({ context }) => context.hasMore && context.cursor !== null,
    knownEvent: ({ context, event }) => (event.type === 'redeliver.ask' || event.type === 'event.toggle') && context.events.some((e) => e.id === event.eventId),
    knownDestination: ({ context, event }) => event.type === 'redeliver.choose' && (event.destination === 'all' || context.endpoints.some((e) => e.id === event.destination)),
  },
}).createMachine({
  id: 'consoleEvents',
  context: () => ({
    type: '', events: [], cursor: null, hasMore: false, moreFailed: false, endpoints: [], openId: null, target: null, destination: 'all', problem: null, notice: null, keyBase: newKey(), done: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEvents',
        src: 'loadEvents',
        input: ({ context }) => ({ type: context.type }),
        onDone: {
          target: 'ready',
          actions: assign({
            events: ({ event }) => event.output.page.events,
            cursor: ({ event }) => event.output.page.cursor,
            hasMore: ({ event }) => event.output.page.hasMore,
            endpoints: ({ event }) => event.output.endpoints,
            moreFailed: false,
            openId: null,
          }),
        },
        onError: { target: 'failed' },
      },
    },
    failed: { on: { 'events.retry': { target: 'loading' }, 'filter.change': { target: 'loading', actions: assign({ type: ({ event }) => event.value }) } } },
    ready: {
      on: {
        'filter.change': { target: 'loading', actions: assign({ type: ({ event }) => event.value, notice: null, problem: null }) },
        'events.more': { guard: 'hasMore', target: 'loadingMore', actions: assign({ moreFailed: false, notice: null }) },
        'event.toggle': { guard: 'knownEvent', actions: assign({ openId: ({ context, event }) => (context.openId === event.eventId ? null : event.eventId) }) },
        'redeliver.ask': {
          guard: 'knownEvent',
          target: 'confirming',
          actions: assign({ target: ({ context, event }) => context.events.find((e) => e.id === event.eventId)!, destination: 'all', problem: null, notice: null }),
        },
      },
    },
    loadingMore: {
      invoke: {
        id: 'loadMoreEvents',
        src: 'loadMoreEvents',
        input: ({ context }) => ({ type: context.type, cursor: context.cursor! }),
        onDone: {
          target: 'ready',
          actions: assign({ events: ({ context, event }) => [...context.events, ...event.output.events], cursor: ({ event }) => event.output.cursor, hasMore: ({ event }) => event.output.hasMore }),
        },
        onError: { target: 'ready', actions: assign({ moreFailed: true }) },
      },
    },
    confirming: {
      on: {
        'redeliver.choose': { guard: 'knownDestination', actions: assign({ destination: ({ event }) => event.destination, problem: null }) },
        'redeliver.confirm': { target: 'redelivering' },
        'redeliver.cancel': { target: 'ready', actions: assign({ target: null, problem: null }) },
      },
    },
    redelivering: {
      invoke: {
        id: 'redeliverEvent',
        src: 'redeliverEvent',
        input: ({ context }) => ({ eventId: context.target!.id, endpointId: context.destination === 'all' ? null : context.destination, idempotencyKey: `${context.keyBase}-${context.done}` }),
        onDone: { target: 'ready', actions: assign({ notice: ({ event }) => ({ deliveries: event.output }), target: null, done: ({ context }) => context.done + 1 }) },
        onError: { target: 'confirming', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
      },
    },
  },
});
