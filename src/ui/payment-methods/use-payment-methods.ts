import { useSelector } from '@xstate/react';
import { useContext, useMemo, useSyncExternalStore } from 'react';
import { connectPaymentMethods, type PaymentMethodsApi } from '../../../machines/payment-methods/payment-methods.connect';
import { AppServicesContext } from '../../app/app-services';
import { isNarrowWidth, NARROW_LABEL_WIDTH_PX } from '../../../core/rules/invoices';
import { useSession } from '../../app/session';
import { useServerViewportWidth } from '../server-viewport';

/** The last used method from the persisted store (none outside the root layout, e.g. in isolated tests). */
export function useLastPaymentMethodId(): string | null {
  const services = useContext(AppServicesContext);
  return useSelector(services?.persisted, (s) => s?.context.lastPaymentMethodId ?? null);
}

/** The session-level payment methods of a location (shared by the picker and the add-method page): `connectPaymentMethods`. */
export function usePaymentMethods(vendorId: string, locationId: string): PaymentMethodsApi {
  const session = useSession();
  const ref = session.paymentMethods(vendorId, locationId);
  const snapshot = useSelector(ref, (s) => s);
  const lastUsedId = useLastPaymentMethodId();
  return useMemo(() => connectPaymentMethods(snapshot, ref.send, { lastUsedId }), [snapshot, ref, lastUsedId]);
}

function subscribeResize(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** True below 420 px (spec §9: method labels cut to 5 characters). */
export function useNarrowLabels(): boolean {
  const serverWidth = useServerViewportWidth();
  return useSyncExternalStore(
    subscribeResize,
    () => (typeof window === 'undefined' ? false : isNarrowWidth(window.innerWidth || NARROW_LABEL_WIDTH_PX)),
    () => serverWidth !== null && isNarrowWidth(serverWidth),
  );
}
