import { assign, setup } from 'xstate';
import { createEndpoint, deleteEndpoint, loadAttempts, loadEndpoints, rotateSecret, sendTest, setEnabled, type CreatedWebhookEndpoint, type WebhookAttempt, type WebhookEndpoint } from './console-webhooks.actors';

export interface EndpointDraft {
  url: string;
  description: string;
}

export interface ConsoleWebhooksContext {
  endpoints: WebhookEndpoint[];
  draft: EndpointDraft;
  /** the endpoint just made, with its signing secret: shown once */
  created: CreatedWebhookEndpoint | null;
  /** the endpoint whose deliveries are open */
  openId: string | null;
  attempts: WebhookAttempt[];
  /** the answer of the last test event sent to the open endpoint */
  lastTest: WebhookAttempt | null;
  problem: string | null;
  keyBase: string;
  done: number;
}

export type ConsoleWebhooksEvent =
  | { type: 'endpoints.retry' }
  | { type: 'draft.change'; field: keyof EndpointDraft; value: string }
  | { type: 'endpoint.create' }
  | { type: 'secret.close' }
  | { type: 'attempts.open'; endpointId: string }
  | { type: 'attempts.retry' }
  | { type: 'attempts.close' }
  | { type: 'endpoint.test' }
  | { type: 'endpoint.toggle' }
  | { type: 'endpoint.rotate' }
  | { type: 'endpoint.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

/** Hours the old secret keeps signing after a rotation from the console (the API's default). */
export const ROTATION_OVERLAP_HOURS = 24;

/** An address the server would take: http(s), at most 2,000 characters. */
export const urlValid = (url: string) => {
  const text = url.trim();
  if (text.length === 0 || text.length > 2000) return false;
  try {
    const parsed = new URL(text);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
};

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
const messageOf = (error: unknown) => (error as { message?: string } | undefined)?.message ?? 'That did not reach PerformancePay. Try again.';
const emptyDraft: EndpointDraft = { url: '', description: '' };
const openOf = (context: ConsoleWebhooksContext) => context.endpoints.find((e) => e.id === context.openId);

/**
 * The console's webhook endpoints (admins): the endpoints with their state (enabled, failing since, disabled and why);
 * add one (its signing secret shown once); open one's delivery attempts, send it a signed test event and read its
 * answer, disable or enable it.
 *
 * loading ──▶ ready | failed (retry)
 * ready ──endpoint.create [an http(s) address]──▶ creating ──▶ showingSecret ──close──▶ ready   (refused: ready, problem)
 * ready ──attempts.open──▶ deliveries.loading ──▶ deliveries.ready ──test──▶ deliveries.testing ──▶ deliveries.ready
 *                                    └─▶ deliveries.failed (retry)      └─toggle──▶ deliveries.toggling ──▶ deliveries.ready
 * deliveries.ready ──rotate──▶ deliveries.rotating ──▶ showingSecret (the new one, once; the old signs 24 h more)
 * deliveries.ready ──delete──▶ deliveries.confirmingDelete ──confirm──▶ deliveries.deleting ──▶ ready (gone)
 * deliveries ──attempts.close──▶ ready
 */
export const consoleWebhooksMachine = setup({
  types: {} as { context: ConsoleWebhooksContext; events: ConsoleWebhooksEvent },
  actors: { loadEndpoints, createEndpoint, loadAttempts, sendTest, setEnabled, rotateSecret, deleteEndpoint },
  guards: {
    urlValid: ({ context }) => urlValid(context.draft.url),
    known: ({ context, event }) => event.type === 'attempts.open' && context.endpoints.some((e) => e.id === event.endpointId),
  },
}).createMachine({
  id: 'consoleWebhooks',
  // a function: each page's actor gets its own key base (a plain object is made once, at load, and every later visit
  // would send the first visit's keys again: replayed or refused by the server)
  context: () => ({ endpoints: [], draft: emptyDraft, created: null, openId: null, attempts: [], lastTest: null, problem: null, keyBase: newKey(), done: 0 }),
  initial: 'loading',
  states: {
    loading: {
      invoke: { id: 'loadEndpoints', src: 'loadEndpoints', onDone: { target: 'ready', actions: assign({ endpoints: ({ event }) => event.output }) }, onError: { target: 'failed' } },
    },
    failed: { on: { 'endpoints.retry': { target: 'loading' } } },
    ready: {
      on: {
        'draft.change': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }), problem: null }) },
        'endpoint.create': { guard: 'urlValid', target: 'creating', actions: assign({ problem: null }) },
        'attempts.open': { guard: 'known', target: 'deliveries', actions: assign({ openId: ({ event }) => event.endpointId, attempts: [], lastTest: null, problem: null }) },
      },
    },
    creating: {
      invoke: {
        id: 'createEndpoint',
        src: 'createEndpoint',
        input: ({ context }) => ({ url: context.draft.url.trim(), description: context.draft.description.trim(), idempotencyKey: `${context.keyBase}-${context.done}` }),
        onDone: {
          target: 'showingSecret',
          actions: assign({ created: ({ event }) => event.output, endpoints: ({ context, event }) => [...context.endpoints, event.output.endpoint], draft: emptyDraft, done: ({ context }) => context.done + 1 }),
        },
        onError: { target: 'ready', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
      },
    },
    showingSecret: { on: { 'secret.close': { target: 'ready', actions: assign({ created: null }) } } },
    deliveries: {
      initial: 'loading',
      on: { 'attempts.close': { target: 'ready', actions: assign({ openId: null, attempts: [], lastTest: null, problem: null }) } },
      states: {
        loading: {
          invoke: {
            id: 'loadAttempts',
            src: 'loadAttempts',
            input: ({ context }) => ({ endpointId: context.openId! }),
            onDone: { target: 'ready', actions: assign({ attempts: ({ event }) => event.output }) },
            onError: { target: 'failed' },
          },
        },
        failed: { on: { 'attempts.retry': { target: 'loading' } } },
        ready: {
          on: {
            'endpoint.test': { target: 'testing', actions: assign({ problem: null }) },
            'endpoint.toggle': { target: 'toggling', actions: assign({ problem: null }) },
            'endpoint.rotate': { target: 'rotating', actions: assign({ problem: null }) },
            'endpoint.delete': { target: 'confirmingDelete', actions: assign({ problem: null }) },
          },
        },
        rotating: {
          invoke: {
            id: 'rotateSecret',
            src: 'rotateSecret',
            input: ({ context }) => ({ endpointId: context.openId!, overlapHours: ROTATION_OVERLAP_HOURS, idempotencyKey: `${context.keyBase}-${context.done}` }),
            onDone: {
              target: '#consoleWebhooks.showingSecret',
              actions: assign({
                created: ({ event }) => event.output,
                endpoints: ({ context, event }) => context.endpoints.map((e) => (e.id === event.output.endpoint.id ? event.output.endpoint : e)),
                openId: null,
                attempts: [],
                lastTest: null,
                done: ({ context }) => context.done + 1,
              }),
            },
            onError: { target: 'ready', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
          },
        },
        confirmingDelete: {
          on: {
            'delete.confirm': { target: 'deleting' },
            'delete.cancel': { target: 'ready', actions: assign({ problem: null }) },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteEndpoint',
            src: 'deleteEndpoint',
            input: ({ context }) => ({ endpointId: context.openId! }),
            onDone: {
              target: '#consoleWebhooks.ready',
              actions: assign({ endpoints: ({ context }) => context.endpoints.filter((e) => e.id !== context.openId), openId: null, attempts: [], lastTest: null }),
            },
            onError: { target: 'confirmingDelete', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
          },
        },
        testing: {
          invoke: {
            id: 'sendTest',
            src: 'sendTest',
            input: ({ context }) => ({ endpointId: context.openId!, idempotencyKey: `${context.keyBase}-${context.done}` }),
            onDone: { target: 'ready', actions: assign({ lastTest: ({ event }) => event.output, attempts: ({ context, event }) => [event.output, ...context.attempts], done: ({ context }) => context.done + 1 }) },
            onError: { target: 'ready', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
          },
        },
        toggling: {
          invoke: {
            id: 'setEnabled',
            src: 'setEnabled',
            input: ({ context }) => ({ endpointId: context.openId!, enabled: !openOf(context)!.enabled }),
            onDone: { target: 'ready', actions: assign({ endpoints: ({ context, event }) => context.endpoints.map((e) => (e.id === event.output.id ? event.output : e)) }) },
            onError: { target: 'ready', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
          },
        },
      },
    },
  },
});
