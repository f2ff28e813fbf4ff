import { assign, setup } from 'xstate';
import { loadPaymentMethods, type ClientFlowInfo, type LocationScope, type PaymentMethod, type PaymentMethodList } from './payment-methods.actors';

export interface PaymentMethodsContext {
  input: LocationScope;
  methods: PaymentMethod[];
  paymentMethodsJwt: string | null;
  /** the payments origin's hosted fields page (null until the list is loaded) */
  hostedFieldsUrl: string | null;
  clientFlowInfo: Record<string, ClientFlowInfo>;
  /** The session's selected method (spec §3 store slice `paymentMethods.selectedPaymentMethodId`). */
  selectedId: string | null;
  error: unknown;
}

export type PaymentMethodsEvent =
  | { type: 'paymentMethods.refresh' }
  | { type: 'paymentMethods.select'; paymentMethodId: string }
  /** A method was created (new-method page): added to the list and selected (spec §4). */
  | { type: 'paymentMethods.added'; paymentMethod: PaymentMethod }
  /** A method changed (e.g. verified): replaced in the list. */
  | { type: 'paymentMethods.updated'; paymentMethod: PaymentMethod }
  /** A method was deleted: removed from the list (spec §4), and from the selection. */
  | { type: 'paymentMethods.removed'; paymentMethodId: string };

/**
 * The saved payment methods of one location, a session-level actor (one per location, see
 * `src/app/session.tsx`) shared by the click-to-pay picker and the add-method page, so
 * a created, verified or deleted method shows everywhere without a reload.
 *
 * loading ──done──▶ loaded ──refresh──▶ loading
 *         └─error─▶ failed ──refresh──▶ loading
 *
 * Changes made by the other machines (added / updated / removed) and the selection are accepted in
 * every state: a change that arrives while a refresh is loading is not lost (the reload answers it too).
 */
export const paymentMethodsMachine = setup({
  types: {} as { context: PaymentMethodsContext; events: PaymentMethodsEvent; input: LocationScope },
  actors: { loadPaymentMethods },
  actions: {
    storeList: assign((_, list: PaymentMethodList) => ({
      methods: list.paymentMethods,
      paymentMethodsJwt: list.paymentMethodsJwt,
      hostedFieldsUrl: list.hostedFieldsUrl,
      clientFlowInfo: list.clientFlowInfo,
      error: undefined,
    })),
    storeError: assign((_, error: unknown) => ({ error })),
    select: assign({ selectedId: (_, id: string) => id }),
    add: assign({
      methods: ({ context }, method: PaymentMethod) => [...context.methods.filter((m) => m.id !== method.id), method],
      selectedId: (_, method: PaymentMethod) => method.id,
    }),
    update: assign({
      methods: ({ context }, method: PaymentMethod) => context.methods.map((m) => (m.id === method.id ? method : m)),
    }),
    remove: assign({
      methods: ({ context }, id: string) => context.methods.filter((m) => m.id !== id),
      selectedId: ({ context }, id: string) => (context.selectedId === id ? null : context.selectedId),
    }),
  },
}).createMachine({
  id: 'paymentMethods',
  context: ({ input }) => ({ input, methods: [], paymentMethodsJwt: null, hostedFieldsUrl: null, clientFlowInfo: {}, selectedId: null, error: undefined }),
  initial: 'loading',
  on: {
    'paymentMethods.select': { actions: { type: 'select', params: ({ event }) => event.paymentMethodId } },
    'paymentMethods.added': { actions: { type: 'add', params: ({ event }) => event.paymentMethod } },
    'paymentMethods.updated': { actions: { type: 'update', params: ({ event }) => event.paymentMethod } },
    'paymentMethods.removed': { actions: { type: 'remove', params: ({ event }) => event.paymentMethodId } },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadPaymentMethods',
        src: 'loadPaymentMethods',
        input: ({ context }) => context.input,
        onDone: { target: 'loaded', actions: { type: 'storeList', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    loaded: { on: { 'paymentMethods.refresh': 'loading' } },
    failed: { on: { 'paymentMethods.refresh': 'loading' } },
  },
});
