// @vitest-environment happy-dom
/** The statement page against MSW handlers typed from the contract (real machines, actors and client). */
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { modelAds, modelDeliveryList, modelEmptyStatement, modelLocationId, modelStatement, modelVendorId } from '../../../machines/statement/statement.model';
import type { components } from '../../../core/api/schema';
import { routes } from '../../../src/app/router';
import { adNavigation } from '../../../src/features/statement/ad-banner';
import { statementTexts as t } from '../../../src/features/statement/texts';
import { token } from '../shell/fixtures';
import { frameHandlers } from '../fake-api';

configure({ asyncUtilTimeout: 8000 });

type Statement = components['schemas']['Statement'];
type AdEventRequest = components['schemas']['AdEventRequest'];
const L = `*/api/vendors/${modelVendorId}/locations/${modelLocationId}`;
const world = {
  statement: modelStatement as Statement, statementStatus: 200, marks: 0, impressions: [] as Array<{ fileId: string; body: AdEventRequest }>, clicks: [] as string[],
  /** the ads' answer waits for it */
  adsGate: Promise.resolve() as Promise<void>,
};

const server = setupServer(
  ...frameHandlers(modelVendorId, modelLocationId),
  http.get(`${L}/statement`, () => (world.statementStatus === 200 ? HttpResponse.json(world.statement) : HttpResponse.json({ errorCode: 'internal', message: 'boom' }, { status: world.statementStatus }))),
  http.patch(`${L}/statementrequest`, () => { world.marks += 1; return new HttpResponse(null, { status: 204 }); }),
  http.get(`${L}/statementdelivery`, () => HttpResponse.json(modelDeliveryList(null))),
  http.get(`*/api/vendors/${modelVendorId}/advertisements`, async () => (await world.adsGate, HttpResponse.json({ advertisements: Object.fromEntries(modelAds.map((a) => [a.fileId, a])) }))),
  http.post(`*/api/vendors/${modelVendorId}/advertisements/:fileId/impressions`, async ({ params, request }) => {
    world.impressions.push({ fileId: String(params.fileId), body: (await request.json()) as AdEventRequest });
    return new HttpResponse(null, { status: 204 });
  }),
  http.post(`*/api/vendors/${modelVendorId}/advertisements/:fileId/clicks`, ({ params }) => { world.clicks.push(String(params.fileId)); return new HttpResponse(null, { status: 204 }); }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  Object.assign(world, { statement: modelStatement, statementStatus: 200, marks: 0, impressions: [], clicks: [], adsGate: Promise.resolve() });
  window.scrollTo = vi.fn();
});
afterEach(() => cleanup());

const base = `/token/${token}/vendors/${modelVendorId}/locations/${modelLocationId}`;
function open() {
  const router = createMemoryRouter(routes, { initialEntries: [`${base}/statement`] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('statement page', () => {
  it('shows the statement as of the vendor’s date, classified rows linking to the journey and PDFs, totals and aging', async () => {
    open();
    const table = await screen.findByRole('table', { name: t.tableLabel });
    expect(screen.getByTestId('statement-as-of')).toHaveTextContent('as of 11/23/26');
    const rows = within(table).getAllByTestId('statement-row');
    expect(rows.map((r) => r.getAttribute('data-classification'))).toEqual(['pastDue', 'pastDue', 'current', 'credit']);
    expect(rows[3]).toHaveTextContent('Credit');
    expect(rows[3]).toHaveTextContent('-$75.25');
    expect(within(rows[0]).getByRole('link', { name: 'INV-2001' })).toHaveAttribute('href', `${base}/invoices/${modelStatement.lines[0].id}`);
    const pdf = within(rows[0]).getByRole('link', { name: t.invoicePdf('INV-2001') });
    expect(pdf).toHaveAttribute('href', `${base}/invoices/${modelStatement.lines[0].id}/pdfloader`);
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(screen.getByTestId('statement-totals')).toHaveTextContent('Balance$1,575.25');
    expect(screen.getByTestId('statement-aging')).toHaveTextContent('Over 90 days past due$400.00');
    expect(screen.getByTestId('statement-disclaimer')).toHaveTextContent('generated on 11/23/26 at 9:04 AM');
    expect(screen.getByRole('link', { name: t.statementPdf })).toHaveAttribute('href', `${base}/statement/pdfloader`);
    await waitFor(() => expect(world.marks).toBe(1));
  });

  it('arrives without a first use of Intl (20–70 ms on a phone): the date is the answer\'s wall clock, the browser\'s zone is read for the first impression', async () => {
    const Original = Intl.DateTimeFormat;
    let made = 0;
    const counting = function (this: unknown, ...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      made += 1;
      return new Original(...args);
    } as unknown as typeof Intl.DateTimeFormat;
    Object.assign(counting, Original);
    let release = () => {};
    world.adsGate = new Promise<void>((resolve) => { release = resolve; });
    Intl.DateTimeFormat = counting;
    try {
      open();
      await screen.findByRole('table', { name: t.tableLabel });
      expect(screen.getByTestId('statement-disclaimer')).toHaveTextContent('generated on 11/23/26 at 9:04 AM');
      await waitFor(() => expect(world.marks).toBe(1));
      expect(made).toBe(0);
      release();
      await waitFor(() => expect(world.impressions).toHaveLength(1));
      expect(made).toBeGreaterThan(0);
      expect(world.impressions[0]!.body.userTimezone).toBe(new Original().resolvedOptions().timeZone);
    } finally {
      Intl.DateTimeFormat = Original;
      release();
    }
  });

  it('an answer without a readable asOfLocal (an older server) still shows the date and the disclaimer, from asOf', async () => {
    world.statement = { ...modelStatement, asOfLocal: 'not a time' };
    open();
    await screen.findByRole('table', { name: t.tableLabel });
    expect(screen.getByTestId('statement-as-of')).toHaveTextContent('as of 11/23/26');
    expect(screen.getByTestId('statement-disclaimer')).toHaveTextContent('generated on 11/23/26');
  });

  it('records one impression per ad with a click URL, and a click opens it', async () => {
    const opened = vi.spyOn(adNavigation, 'open').mockImplementation(() => {});
    open();
    const link = await screen.findByRole('link', { name: t.adLink(1, 3) });
    await waitFor(() => expect(world.impressions).toHaveLength(1));
    expect(world.impressions[0]).toEqual({ fileId: modelAds[0].fileId, body: { locationId: modelLocationId, displayPage: 'Statement', userTimezone: expect.any(String) } });
    fireEvent.click(link);
    expect(opened).toHaveBeenCalledWith(modelAds[0].clickUrl);
    await waitFor(() => expect(world.clicks).toEqual([modelAds[0].fileId]));
  });

  it('says so when nothing is open, and shows the load failure with the vendor', async () => {
    world.statement = modelEmptyStatement;
    open();
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
    expect(world.marks).toBe(0);
    cleanup();
    world.statementStatus = 500;
    open();
    expect(await screen.findByText(t.loadFailed('Coastal Produce Co.'))).toBeInTheDocument();
  });

  it('Make a Payment replaces the statement with click-to-pay', async () => {
    const router = open();
    await screen.findByRole('table', { name: t.tableLabel });
    fireEvent.click(screen.getByRole('button', { name: t.makePayment }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/click2pay`));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
