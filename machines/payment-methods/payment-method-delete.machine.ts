import { assign, setup } from 'xstate';
import { checkPaymentMethodUsage, deletePaymentMethod, isInUseError, isScheduledPaymentsError, type PaymentMethod, type PaymentsByMethod } from './payment-methods.actors';

export interface PaymentMethodDeleteInput {
  vendorId: string;
  locationId: string;
  method: PaymentMethod;
}

export interface PaymentMethodDeleteContext extends PaymentMethodDeleteInput {
  /** The usage answer; null when the check failed (the modal then shows without the list, spec §4). */
  usage: PaymentsByMethod | null;
}

export type PaymentMethodDeleteEvent = { type: 'delete.confirm' } | { type: 'delete.cancel' };

/**
 * Deleting a saved payment method (spec §2 Add payment method, §4, §8):
 *
 * checkingUsage ──done [AutoPay or plan]──▶ refused ──cancel──▶ canceled
 *               ──done / error──▶ confirming ──confirm──▶ deleting ──done──▶ deleted (list updated)
 *                                    └─cancel─▶ canceled          ├─error 409 in use─▶ refused
 *                                                                 ├─error 409 scheduled payments─▶ checkingUsage
 *                                                                 └─error──▶ failed ──confirm──▶ deleting
 *                                                                                   └─cancel──▶ canceled
 * The usage check comes first; when it fails the confirmation still shows, without the list. The
 * server refuses a method used by AutoPay or a plan too (409 `payment_method_in_use`), so a change
 * between check and delete also ends in the refusal.
 *
 * Scheduled payments that use the method (decision, openapi `deletePaymentMethod`): the modal lists them and
 * says they will be canceled; confirming sends `cancelScheduledPayments` and the server cancels them with the
 * method in one transaction. The flag goes only when the list was shown: without it (usage unknown, or a
 * payment scheduled since the check) the server answers 409 `scheduled_payments_exist`, and the chart checks
 * usage again so the customer sees the list before confirming.
 */
export const paymentMethodDeleteMachine = setup({
  types: {} as { context: PaymentMethodDeleteContext; events: PaymentMethodDeleteEvent; input: PaymentMethodDeleteInput },
  actors: { checkPaymentMethodUsage, deletePaymentMethod },
  guards: {
    isInUse: (_, usage: PaymentsByMethod) => usage.hasAutopay || usage.hasPaymentPlan,
    isInUseError: (_, error: unknown) => isInUseError(error),
    isScheduledPaymentsError: (_, error: unknown) => isScheduledPaymentsError(error),
  },
  actions: {
    storeUsage: assign({ usage: (_, usage: PaymentsByMethod | null) => usage }),
    /** Provided by the view: removes the method from the session's list. */
    notifyDeleted: (_, _paymentMethodId: string) => {},
  },
}).createMachine({
  id: 'paymentMethodDelete',
  context: ({ input }) => ({ ...input, usage: null }),
  initial: 'checkingUsage',
  states: {
    checkingUsage: {
      invoke: {
        id: 'checkPaymentMethodUsage',
        src: 'checkPaymentMethodUsage',
        input: ({ context }) => ({ vendorId: context.vendorId, locationId: context.locationId, paymentMethodId: context.method.id }),
        onDone: [
          { guard: { type: 'isInUse', params: ({ event }) => event.output }, target: 'refused', actions: { type: 'storeUsage', params: ({ event }) => event.output } },
          { target: 'confirming', actions: { type: 'storeUsage', params: ({ event }) => event.output } },
        ],
        onError: { target: 'confirming', actions: { type: 'storeUsage', params: null } },
      },
    },
    confirming: { on: { 'delete.confirm': 'deleting', 'delete.cancel': 'canceled' } },
    deleting: {
      invoke: {
        id: 'deletePaymentMethod',
        src: 'deletePaymentMethod',
        input: ({ context }) => ({
          vendorId: context.vendorId,
          locationId: context.locationId,
          paymentMethodId: context.method.id,
          cancelScheduledPayments: (context.usage?.payments.length ?? 0) > 0,
        }),
        onDone: { target: 'deleted', actions: { type: 'notifyDeleted', params: ({ context }) => context.method.id } },
        onError: [
          { guard: { type: 'isInUseError', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'refused' },
          // Scheduled payments the customer was not shown: show them (check again) before anything is canceled.
          { guard: { type: 'isScheduledPaymentsError', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'checkingUsage' },
          { target: 'failed' },
        ],
      },
    },
    // AutoPay or a payment plan pays with the method: the customer must ask the representative.
    refused: { on: { 'delete.cancel': 'canceled' } },
    failed: { on: { 'delete.confirm': 'deleting', 'delete.cancel': 'canceled' } },
    deleted: { type: 'final' },
    canceled: { type: 'final' },
  },
});
