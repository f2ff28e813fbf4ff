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

/** The payments origin of the model list's `hostedFieldsUrl`. */
export const paymentsOrigin = 'http://payments.test';

/**
 * A stand-in for the payments origin's hosted fields frame (issue 21) in jsdom, which loads no frames: what the page
 * posts to an iframe's window is recorded, and the frame's answers are `MessageEvent`s dispatched on the page's window
 * with `origin` = the payments origin and `source` = that iframe's contentWindow — exactly what the page checks.
 */
export function fakeHostedFrames() {
  const posted = new Map<Window, Array<{ message: any; targetOrigin: string }>>();
  const ready = new WeakSet<Window>();
  const responders = new Map<Window, (message: any) => Record<string, unknown> | null>();
  const frameOf = (form: HTMLElement) => {
    const iframe = form.querySelector<HTMLIFrameElement>('iframe[data-testid="hosted-fields"]');
    if (!iframe?.contentWindow) throw new Error('no hosted fields frame in this form');
    const win = iframe.contentWindow;
    if (!posted.has(win)) {
      const messages: Array<{ message: any; targetOrigin: string }> = [];
      posted.set(win, messages);
      (win as unknown as { postMessage: (message: any, targetOrigin: string) => void }).postMessage = (message, targetOrigin) => {
        messages.push({ message, targetOrigin });
        const answer = responders.get(win)?.(message);
        if (answer) setTimeout(() => say(win, answer), 0);
      };
    }
    return { win, messages: posted.get(win)! };
  };
  const say = (win: Window, data: Record<string, unknown>) =>
    window.dispatchEvent(new MessageEvent('message', { data: { channel: 'pp-hosted-fields', ...data }, origin: paymentsOrigin, source: win }));
  return {
    /** the frame in this form says `ready` (once), so the page sends `init` and enables its submit */
    ready(form: HTMLElement) {
      const { win } = frameOf(form);
      if (ready.has(win)) return;
      ready.add(win);
      say(win, { type: 'ready' });
    },
    /** what the page posted to the frame in this form */
    posted: (form: HTMLElement) => frameOf(form).messages,
    /** every message the page posted to any frame */
    all: () => [...posted.values()].flat(),
    say: (form: HTMLElement, data: Record<string, unknown>) => say(frameOf(form).win, data),
    /** the frame in this form answers every post by itself (null: no answer), e.g. `check` → `checked` */
    respond(form: HTMLElement, responder: (message: any) => Record<string, unknown> | null) {
      responders.set(frameOf(form).win, responder);
    },
  };
}
