import { assign, setup } from 'xstate';
import { isEmailAddress } from '../console-sign-in/console-sign-in.machine';
import { changeRole, inviteUser, loadTeam, removeUser, type VendorRole, type VendorUser } from './console-team.actors';

/** What the page says after the last action (src/console/texts.ts). */
export type TeamProblem = 'user_exists' | 'last_admin' | 'invalid' | 'failed' | null;
export type TeamNotice = 'invited' | 'roleChanged' | 'removed' | null;

export interface TeamDraft {
  email: string;
  name: string;
  role: VendorRole;
}

export interface ConsoleTeamContext {
  users: VendorUser[];
  draft: TeamDraft;
  /** the role change or removal being made or confirmed */
  target: { userId: string; role?: VendorRole } | null;
  problem: TeamProblem;
  notice: TeamNotice;
}

export type ConsoleTeamEvent =
  | { type: 'team.retry' }
  | { type: 'invite.change'; field: keyof TeamDraft; value: string }
  | { type: 'invite.submit' }
  | { type: 'role.change'; userId: string; role: VendorRole }
  | { type: 'remove.ask'; userId: string }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' };

const EMPTY_DRAFT: TeamDraft = { email: '', name: '', role: 'ar' };

const problemOf = (error: unknown): TeamProblem => {
  const { errorCode, status } = (error ?? {}) as { errorCode?: string; status?: number };
  if (errorCode === 'user_exists' || errorCode === 'last_admin') return errorCode;
  return status === 400 ? 'invalid' : 'failed';
};

/**
 * The console's Team page: the vendor's people and their roles; an admin invites, changes a role, removes (with a
 * confirmation). The server decides (docs/vendor-console.md): the page shows its answer.
 *
 * loading ──done──▶ ready ──invite.submit [an address]──▶ inviting ──▶ ready (invited | problem)
 *    └─error──▶ failed ──retry──▶ loading      ready ──role.change──▶ changingRole ──▶ ready (roleChanged | problem)
 *                                               ready ──remove.ask──▶ confirmingRemoval ──confirm──▶ removing ──▶ ready
 *                                                                                     └──cancel──▶ ready
 */
export const consoleTeamMachine = setup({
  types: {} as { context: ConsoleTeamContext; events: ConsoleTeamEvent },
  actors: { loadTeam, inviteUser, changeRole, removeUser },
  guards: {
    draftIsAddress: ({ context }) => isEmailAddress(context.draft.email),
    isOtherRole: ({ context, event }) => event.type === 'role.change' && context.users.some((u) => u.id === event.userId && u.role !== event.role),
  },
  actions: {
    failWith: assign({ problem: ({ event }) => problemOf((event as { error?: unknown }).error), notice: null, target: null }),
    clearMessages: assign({ problem: null, notice: null }),
  },
}).createMachine({
  id: 'consoleTeam',
  context: { users: [], draft: EMPTY_DRAFT, target: null, problem: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTeam',
        src: 'loadTeam',
        onDone: { target: 'ready', actions: assign({ users: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    failed: { on: { 'team.retry': { target: 'loading' } } },
    ready: {
      on: {
        'invite.change': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }) }) },
        'invite.submit': { guard: 'draftIsAddress', target: 'inviting' },
        'role.change': { guard: 'isOtherRole', target: 'changingRole', actions: assign({ target: ({ event }) => ({ userId: event.userId, role: event.role }) }) },
        'remove.ask': { target: 'confirmingRemoval', actions: assign({ target: ({ event }) => ({ userId: event.userId }), problem: null, notice: null }) },
      },
    },
    inviting: {
      entry: 'clearMessages',
      invoke: {
        id: 'inviteUser',
        src: 'inviteUser',
        input: ({ context }) => context.draft,
        onDone: {
          target: 'ready',
          actions: assign({
            users: ({ context, event }) => [...context.users, event.output].sort((a, b) => a.email.localeCompare(b.email)),
            draft: EMPTY_DRAFT,
            notice: 'invited',
          }),
        },
        onError: { target: 'ready', actions: 'failWith' },
      },
    },
    changingRole: {
      entry: 'clearMessages',
      invoke: {
        id: 'changeRole',
        src: 'changeRole',
        input: ({ context }) => ({ userId: context.target!.userId, role: context.target!.role! }),
        onDone: { target: 'ready', actions: assign({ users: ({ context, event }) => context.users.map((u) => (u.id === event.output.id ? event.output : u)), notice: 'roleChanged', target: null }) },
        onError: { target: 'ready', actions: 'failWith' },
      },
    },
    confirmingRemoval: {
      on: {
        'remove.confirm': { target: 'removing' },
        'remove.cancel': { target: 'ready', actions: assign({ target: null }) },
      },
    },
    removing: {
      invoke: {
        id: 'removeUser',
        src: 'removeUser',
        input: ({ context }) => ({ userId: context.target!.userId }),
        onDone: { target: 'ready', actions: assign({ users: ({ context }) => context.users.filter((u) => u.id !== context.target!.userId), notice: 'removed', target: null }) },
        onError: { target: 'ready', actions: 'failWith' },
      },
    },
  },
});
