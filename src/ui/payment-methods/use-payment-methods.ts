import { useSelector } from '@xstate/react';
import { useContext, useMemo, useSyncExternalStore } from 'react';
import { connectPaymentMethods, type PaymentMethodsApi } from '../../../machines/payment-methods/payment-methods.connect';
import { selectInitialLoad } from '../../../machines/payment-methods/payment-methods.selectors';
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

/**
 * True while the location's payment methods load with none known yet (`selectInitialLoad`). A page with a picker keeps
 * its skeleton until then: the picker's height depends on how many methods there are, which no skeleton can know, so a
 * picker filling in under a painted form pushed every section below it (AutoPay set-up's start date moved 43 px at
 * 375 px whenever the page came without its first screen). Calling it also starts the load, beside the page's own.
 */
export function usePaymentMethodsLoading(vendorId: string, locationId: string): boolean {
  const ref = useSession().paymentMethods(vendorId, locationId);
  return useSelector(ref, selectInitialLoad);
}

function subscribeResize(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** True below 420 px (spec §9: method labels cut to 5 characters). */
export function useNarrowLabels(): boolean {
  const serverWidth = useServerViewportWidth(isNarrowWidth);
  return useSyncExternalStore(
    subscribeResize,
    () => (typeof window === 'undefined' ? false : isNarrowWidth(window.innerWidth || NARROW_LABEL_WIDTH_PX)),
    () => serverWidth !== null && isNarrowWidth(serverWidth),
  );
}
