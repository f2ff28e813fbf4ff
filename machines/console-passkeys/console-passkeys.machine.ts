import { assign, setup } from 'xstate';
import { createPasskey, loadPasskeys, loadRegistrationOptions, removePasskey, savePasskey, type Passkey } from './console-passkeys.actors';

export interface ConsolePasskeysContext {
  passkeys: Passkey[];
  /** the name of the passkey to add ("Work laptop") */
  name: string;
  target: Passkey | null;
  /** 'cancelled' (the browser's prompt), or the server's words */
  problem: string | null;
  notice: 'added' | 'removed' | null;
}

export type ConsolePasskeysEvent =
  | { type: 'passkeys.retry' }
  | { type: 'name.change'; value: string }
  | { type: 'passkey.add' }
  | { type: 'remove.ask'; passkeyId: string }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' };

// one line, 1–100 characters (openapi/vendor.yaml `NewPasskey.name`)
export const passkeyNameValid = (name: string) => name.trim() !== '' && name.trim().length <= 100 && /^[^\u0000-\u001f]+$/.test(name.trim());

const problemOf = ({ event }: { event: { error?: unknown } }) => {
  const error = event.error as { errorCode?: string; message?: string } | undefined;
  return error?.errorCode === 'cancelled' ? 'cancelled' : (error?.message ?? 'That did not reach PerformancePay. Try again.');
};

/**
 * The Team page's "Your passkeys" (every person, for themselves): the passkeys they have; one added — named, the
 * browser's prompt makes it, the server verifies and keeps it — after which every sign-in by link also asks for a
 * passkey; one removed after a confirmation.
 *
 * loading ──▶ ready | failed (retry)
 * ready ──passkey.add [a name]──▶ requesting (options) ──▶ creating (the browser) ──▶ saving ──▶ ready (added)
 *                                       └──────────── cancelled / refused ─────────────▶ ready (problem; the name kept)
 * ready ──remove.ask──▶ confirmingRemove ──confirm──▶ removing ──▶ ready (removed) | confirmingRemove (problem)
 */
export const consolePasskeysMachine = setup({
  types: {} as { context: ConsolePasskeysContext; events: ConsolePasskeysEvent },
  actors: { loadPasskeys, loadRegistrationOptions, createPasskey, savePasskey, removePasskey },
  guards: {
    named: ({ context }) => passkeyNameValid(context.name),
    known: ({ context, event }) => event.type === 'remove.ask' && context.passkeys.some((p) => p.id === event.passkeyId),
  },
}).createMachine({
  id: 'consolePasskeys',
  context: { passkeys: [], name: '', target: null, problem: null, notice: null },
  initial: 'loading',
  states: {
    loading: { invoke: { id: 'loadPasskeys', src: 'loadPasskeys', onDone: { target: 'ready', actions: assign({ passkeys: ({ event }) => event.output }) }, onError: { target: 'failed' } } },
    failed: { on: { 'passkeys.retry': { target: 'loading' } } },
    ready: {
      on: {
        'name.change': { actions: assign({ name: ({ event }) => event.value, problem: null, notice: null }) },
        'passkey.add': { guard: 'named', target: 'requesting', actions: assign({ problem: null, notice: null }) },
        'remove.ask': { guard: 'known', target: 'confirmingRemove', actions: assign({ target: ({ context, event }) => context.passkeys.find((p) => p.id === event.passkeyId)!, problem: null, notice: null }) },
      },
    },
    requesting: {
      invoke: { id: 'loadRegistrationOptions', src: 'loadRegistrationOptions', onDone: { target: 'creating' }, onError: { target: 'ready', actions: assign({ problem: problemOf }) } },
    },
    creating: {
      invoke: {
        id: 'createPasskey',
        src: 'createPasskey',
        input: ({ event }) => ({ options: (event as unknown as { output: never }).output }),
        onDone: { target: 'saving' },
        onError: { target: 'ready', actions: assign({ problem: problemOf }) },
      },
    },
    saving: {
      invoke: {
        id: 'savePasskey',
        src: 'savePasskey',
        input: ({ context, event }) => ({ name: context.name.trim(), credential: (event as unknown as { output: never }).output }),
        onDone: { target: 'ready', actions: assign({ passkeys: ({ context, event }) => [...context.passkeys, event.output], name: '', notice: 'added' }) },
        onError: { target: 'ready', actions: assign({ problem: problemOf }) },
      },
    },
    confirmingRemove: {
      on: {
        'remove.confirm': { target: 'removing' },
        'remove.cancel': { target: 'ready', actions: assign({ target: null, problem: null }) },
      },
    },
    removing: {
      invoke: {
        id: 'removePasskey',
        src: 'removePasskey',
        input: ({ context }) => ({ passkeyId: context.target!.id }),
        onDone: { target: 'ready', actions: assign({ passkeys: ({ context }) => context.passkeys.filter((p) => p.id !== context.target!.id), target: null, notice: 'removed' }) },
        onError: { target: 'confirmingRemove', actions: assign({ problem: problemOf }) },
      },
    },
  },
});
