/**
 * Test harness of the payment-method views: the real root layout (app services, persisted store),
 * token guard (session) and the real add-method page; the picker is mounted on a stand-in
 * click-to-pay route the way the click-to-pay page mounts it (the page itself is another feature).
 */
import { useCallback, useState } from 'react';
import { createMemoryRouter, RouterProvider, useParams, type RouteObject } from 'react-router-dom';
import { RootLayout } from '../../../src/app/root-layout';
import { TokenGuard } from '../../../src/app/token-guard';
import { PaymentMethodPicker, type PickedPaymentMethod } from '../../../src/ui/payment-methods/payment-method-picker';
import { useSession, type Session } from '../../../src/app/session';
import { modelLocationId, modelVendorId } from '../../../machines/payment-methods/payment-methods.model';
import { token } from '../shell/fixtures';

export const base = `/token/${token}/vendors/${modelVendorId}/locations/${modelLocationId}`;
export const picked: PickedPaymentMethod[] = [];
/** The session of the mounted page (walks send the events other machines would send to its actors). */
export const mounted: { session: Session | null } = { session: null };

function PickerPage() {
  const { vendorId = '', locationId = '' } = useParams();
  mounted.session = useSession();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const onSelect = useCallback((m: PickedPaymentMethod) => {
    picked.push(m);
    setSelectedId(m.id);
  }, []);
  return (
    <main>
      <h1>Make a Payment for</h1>
      <p data-testid="page-selected">{selectedId ?? 'none'}</p>
      <PaymentMethodPicker vendorId={vendorId} locationId={locationId} selectedId={selectedId} onSelect={onSelect} />
    </main>
  );
}

export const harnessRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <p>loading</p>,
    children: [
      {
        path: '/token/:token',
        element: <TokenGuard />,
        children: [
          { path: 'vendors/:vendorId/locations/:locationId', element: <main><h1>Dashboard for</h1></main> },
          { path: 'vendors/:vendorId/locations/:locationId/click2pay', element: <PickerPage /> },
          { path: 'vendors/:vendorId/locations/:locationId/paymentmethods/new', lazy: async () => ({ Component: (await import('../../../src/features/payment-methods/new-payment-method-page')).default }) },
        ],
      },
    ],
  },
];

export function harnessRouter(path: string, state?: unknown) {
  return createMemoryRouter(harnessRoutes, { initialEntries: [state === undefined ? path : { pathname: path, state }] });
}

export function App({ router }: { router: ReturnType<typeof harnessRouter> }) {
  return <RouterProvider router={router} />;
}
