import { Temporal } from 'temporal-polyfill';
import { assign, setup } from 'xstate';
import { createKey, loadKeys, revokeKey, type ApiKey, type CreatedApiKey } from './console-keys.actors';

export interface KeyDraft {
  name: string;
  access: 'full' | 'read';
  /** `yyyy-MM-dd` or '': the day from which it is refused (its start, in the vendor's time zone) */
  expires: string;
}

export interface ConsoleKeysContext {
  timeZone: string;
  keys: ApiKey[];
  draft: KeyDraft;
  /** the key just made, with its secret: shown once, forgotten when closed */
  created: CreatedApiKey | null;
  /** the key asked to be revoked */
  target: ApiKey | null;
  problem: string | null;
  notice: 'revoked' | null;
  keyBase: string;
  done: number;
}

export type ConsoleKeysEvent =
  | { type: 'keys.retry' }
  | { type: 'draft.change'; field: keyof KeyDraft; value: string }
  | { type: 'key.create' }
  | { type: 'secret.close' }
  | { type: 'revoke.ask'; keyId: string }
  | { type: 'revoke.confirm' }
  | { type: 'revoke.cancel' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const emptyDraft: KeyDraft = { name: '', access: 'full', expires: '' };

/** A draft the server would consider: a name, and an expiry day empty or whole. */
export const draftValid = (draft: KeyDraft) => draft.name.trim() !== '' && draft.name.trim().length <= 100 && (draft.expires === '' || DATE.test(draft.expires));

/** The moment a key made to expire on `day` stops working: the day's start in the vendor's time zone. */
export function expiryInstant(day: string, timeZone: string): string {
  return Temporal.PlainDate.from(day).toZonedDateTime({ timeZone }).toInstant().toString();
}

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
const messageOf = (error: unknown) => (error as { message?: string } | undefined)?.message ?? 'That did not reach PerformancePay. Try again.';

/**
 * The console's API keys (admins): the vendor's keys, newest first; create one — full or read-only, expiring or not —
 * whose secret is shown once; revoke one after a confirmation.
 *
 * loading ──▶ ready | failed (retry)
 * ready ──key.create [a name; a whole day or none]──▶ creating ──done──▶ showingSecret ──close──▶ ready (the secret forgotten)
 *                                                          └─error──▶ ready (problem; the draft kept)
 * ready ──revoke.ask [not revoked]──▶ confirmingRevoke ──confirm──▶ revoking ──▶ ready (revoked) | confirmingRevoke (problem)
 */
export const consoleKeysMachine = setup({
  types: {} as { context: ConsoleKeysContext; events: ConsoleKeysEvent; input: { timeZone: string } },
  actors: { loadKeys, createKey, revokeKey },
  guards: {
    draftValid: ({ context }) => draftValid(context.draft),
    revocable: ({ context, event }) => event.type === 'revoke.ask' && context.keys.some((k) => k.id === event.keyId && k.revokedAt === null),
  },
}).createMachine({
  id: 'consoleKeys',
  context: ({ input }) => ({ timeZone: input.timeZone, keys: [], draft: emptyDraft, created: null, target: null, problem: null, notice: null, keyBase: newKey(), done: 0 }),
  initial: 'loading',
  states: {
    loading: {
      invoke: { id: 'loadKeys', src: 'loadKeys', onDone: { target: 'ready', actions: assign({ keys: ({ event }) => event.output }) }, onError: { target: 'failed' } },
    },
    failed: { on: { 'keys.retry': { target: 'loading' } } },
    ready: {
      on: {
        'draft.change': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }), problem: null }) },
        'key.create': { guard: 'draftValid', target: 'creating', actions: assign({ problem: null, notice: null }) },
        'revoke.ask': { guard: 'revocable', target: 'confirmingRevoke', actions: assign({ target: ({ context, event }) => context.keys.find((k) => k.id === event.keyId)!, problem: null, notice: null }) },
      },
    },
    creating: {
      invoke: {
        id: 'createKey',
        src: 'createKey',
        input: ({ context }) => ({
          name: context.draft.name.trim(),
          access: context.draft.access,
          expiresAt: context.draft.expires ? expiryInstant(context.draft.expires, context.timeZone) : null,
          idempotencyKey: `${context.keyBase}-${context.done}`,
        }),
        onDone: {
          target: 'showingSecret',
          actions: assign({ created: ({ event }) => event.output, keys: ({ context, event }) => [event.output.key, ...context.keys], draft: emptyDraft, done: ({ context }) => context.done + 1 }),
        },
        onError: { target: 'ready', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
      },
    },
    showingSecret: { on: { 'secret.close': { target: 'ready', actions: assign({ created: null }) } } },
    confirmingRevoke: {
      on: {
        'revoke.confirm': { target: 'revoking' },
        'revoke.cancel': { target: 'ready', actions: assign({ target: null, problem: null }) },
      },
    },
    revoking: {
      invoke: {
        id: 'revokeKey',
        src: 'revokeKey',
        input: ({ context }) => ({ keyId: context.target!.id }),
        onDone: { target: 'ready', actions: assign({ keys: ({ context, event }) => context.keys.map((k) => (k.id === event.output.id ? event.output : k)), target: null, notice: 'revoked' }) },
        onError: { target: 'confirmingRevoke', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
      },
    },
  },
});
