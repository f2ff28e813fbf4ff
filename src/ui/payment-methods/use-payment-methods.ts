import { useSelector } from '@xstate/react';
import { useContext, useSyncExternalStore } from 'react';
import type { ClientFlowInfo, PaymentMethod } from '../../../machines/payment-methods/payment-methods.actors';
import { resolveSelection, selectProviders, selectStatus, type PaymentMethodsStatus } from '../../../machines/payment-methods/payment-methods.selectors';
import { AppServicesContext } from '../../app/app-services';
import { isNarrowWidth, NARROW_LABEL_WIDTH_PX } from '../../../core/rules/invoices';
import { useSession, type PaymentMethodsRef } from '../../app/session';

export interface PaymentMethodsView {
  ref: PaymentMethodsRef;
  status: PaymentMethodsStatus;
  methods: PaymentMethod[];
  clientFlowInfo: Record<string, ClientFlowInfo>;
  providers: { card: string | null; bank: string | null };
  /** The session's selection (the created method after an add). */
  sessionSelectedId: string | null;
  lastUsedId: string | null;
  select: (paymentMethodId: string) => void;
  refresh: () => void;
  /** The effective selection (spec §4 fallback), given the page's own choice. */
  resolve: (pageSelectedId: string | null | undefined) => PaymentMethod | null;
}

/** The last used method from the persisted store (none outside the root layout, e.g. in isolated tests). */
export function useLastPaymentMethodId(): string | null {
  const services = useContext(AppServicesContext);
  return useSelector(services?.persisted, (s) => s?.context.lastPaymentMethodId ?? null);
}

/** The session-level payment methods of a location (shared by the picker and the add-method page). */
export function usePaymentMethods(vendorId: string, locationId: string): PaymentMethodsView {
  const session = useSession();
  const ref = session.paymentMethods(vendorId, locationId);
  const status = useSelector(ref, selectStatus);
  const methods = useSelector(ref, (s) => s.context.methods);
  const clientFlowInfo = useSelector(ref, (s) => s.context.clientFlowInfo);
  const providers = useSelector(ref, selectProviders, (a, b) => a.card === b.card && a.bank === b.bank);
  const sessionSelectedId = useSelector(ref, (s) => s.context.selectedId);
  const lastUsedId = useLastPaymentMethodId();
  return {
    ref,
    status,
    methods,
    clientFlowInfo,
    providers,
    sessionSelectedId,
    lastUsedId,
    select: (paymentMethodId) => ref.send({ type: 'paymentMethods.select', paymentMethodId }),
    refresh: () => ref.send({ type: 'paymentMethods.refresh' }),
    resolve: (pageSelectedId) => resolveSelection(methods, [sessionSelectedId, pageSelectedId, lastUsedId]),
  };
}

function subscribeResize(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** True below 420 px (spec §9: method labels cut to 5 characters). */
export function useNarrowLabels(): boolean {
  return useSyncExternalStore(
    subscribeResize,
    () => (typeof window === 'undefined' ? false : isNarrowWidth(window.innerWidth || NARROW_LABEL_WIDTH_PX)),
    () => false,
  );
}
