/**
 * The saved payment methods' views (zag's `connect(state, send)`), one per chart: the session's list as the picker and
 * the add-method page show it, and the delete dialog of one method. Pure, no React.
 */
import type { SnapshotFrom } from 'xstate';
import { feeMethodOf, shownServiceFeePercent } from '../../core/rules/fees';
import type { PaymentMethodDeleteEvent, paymentMethodDeleteMachine } from './payment-method-delete.machine';
import { selectDeleteView } from './payment-method-delete.selectors';
import type { PaymentMethod } from './payment-methods.actors';
import type { PaymentMethodsEvent, paymentMethodsMachine } from './payment-methods.machine';
import { isUsable, methodFullName, resolveSelection, selectInitialLoad, selectMethods, selectProviders, selectServiceFees, selectStatus } from './payment-methods.selectors';

/** One saved method as the picker lists it. */
export interface PaymentMethodRow {
  method: PaymentMethod;
  /** It may pay, so it may be chosen (not pending verification). */
  usable: boolean;
  /** A bank account waiting for its micro-deposits: "Pending verification" and Verify. */
  pending: boolean;
  /** A bank account the bank returned a payment from (R02/R03/R10): why it can't be used, else null. */
  unusable: string | null;
  /**
   * The percent charged with this method (a credit card whose provider adds a fee; capped at 3 %): the fee note under
   * its label. Null for none (a bank account, a debit or prepaid card, no fee).
   */
  fee: string | null;
  /** Name and last four, untruncated: the label's title and the names of the row's actions. */
  fullName: string;
}

function rowOf(method: PaymentMethod): PaymentMethodRow {
  return {
    method,
    usable: isUsable(method),
    pending: method.displayExtra.verificationRequired,
    unusable: method.unusable?.message ?? null,
    fee: shownServiceFeePercent(feeMethodOf(method)),
    fullName: methodFullName(method),
  };
}

/**
 * The session's list of a location. `lastUsedId` is the persisted store's last used method, the last fallback of the
 * selection. Choosing a method that may not pay sends nothing and answers null.
 */
export function connectPaymentMethods(
  snapshot: Pick<SnapshotFrom<typeof paymentMethodsMachine>, 'value' | 'context'>,
  send: (event: PaymentMethodsEvent) => void,
  { lastUsedId }: { lastUsedId: string | null },
) {
  const { context } = snapshot;
  const status = selectStatus(snapshot);
  const methods = selectMethods(snapshot);
  return {
    status,
    methods,
    /** Loading with no method known yet (`selectInitialLoad`): a skeleton stands in for the list, nothing is selected. */
    initialLoad: selectInitialLoad(snapshot),
    rows: methods.map(rowOf),
    providers: selectProviders(snapshot),
    serviceFees: selectServiceFees(snapshot),
    paymentMethodsJwt: context.paymentMethodsJwt,
    hostedFieldsUrl: context.hostedFieldsUrl,
    /** The effective selection (spec §4 fallback), given the page's own choice. */
    resolve: (pageSelectedId: string | null | undefined) => resolveSelection(methods, [context.selectedId, pageSelectedId, lastUsedId]),
    choose: (paymentMethodId: string | null): PaymentMethod | null => {
      const method = methods.find((m) => m.id === paymentMethodId);
      if (!method || !isUsable(method)) return null;
      send({ type: 'paymentMethods.select', paymentMethodId: method.id });
      return method;
    },
    refresh: () => send({ type: 'paymentMethods.refresh' }),
  };
}

export type PaymentMethodsApi = ReturnType<typeof connectPaymentMethods>;

/** The delete dialog of one method: its step, the scheduled payments it would cancel, the method's names. */
export function connectPaymentMethodDelete(
  snapshot: Pick<SnapshotFrom<typeof paymentMethodDeleteMachine>, 'value' | 'context'>,
  send: (event: PaymentMethodDeleteEvent) => void,
) {
  const view = selectDeleteView(snapshot);
  const { method } = snapshot.context;
  return {
    ...view,
    /** Deleted or canceled: the dialog closes. */
    finished: view.step === 'deleted' || view.step === 'canceled',
    name: method.displayExtra.name.trim(),
    lastFour: method.displayExtra.lastFour.trim(),
    fullName: methodFullName(method),
    confirm: () => send({ type: 'delete.confirm' }),
    cancel: () => send({ type: 'delete.cancel' }),
  };
}

export type PaymentMethodDeleteApi = ReturnType<typeof connectPaymentMethodDelete>;
