// @vitest-environment jsdom
// (jsdom, not happy-dom as most views' files: under happy-dom 21 its worker exits unexpectedly when another file ran in it first.)
/**
 * The click-to-pay pages against the API (MSW on the contract's paths): totals with a fee card, select-all, sort
 * order, empty text, dispute → undo, partial validation messages, the failure modal and exactly-once submit.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { modelIds, modelInvoice, modelMethod, modelPaymentGroupDetail } from '../../../machines/click2pay/click2pay.model';
import type { Invoice, PaymentMethod } from '../../../machines/click2pay/click2pay.actors';
import { routes } from '../../../src/app/router';
import { PARTIAL_AMOUNT_MESSAGES } from '../../../core/rules/dollars';
import { adjustmentTexts as at, click2payTexts as t, confirmationTexts as ct } from '../../../src/features/click2pay/texts';
import { ids, token } from '../shell/fixtures';
import { frameHandlers } from '../fake-api';

const world = {
  invoices: [] as Invoice[],
  requestInvoiceIds: [] as string[],
  methods: [] as PaymentMethod[],
  payStatus: 201,
  posts: [] as Array<{ key: string | null; body: any }>,
};

const server = setupServer(
  ...frameHandlers(ids.coastal, ids.blueHeron),
  http.get('*/api/vendors/:v/locations/:l/invoices', ({ request }) => {
    const invoiceId = new URL(request.url).searchParams.get('invoiceId');
    const list = invoiceId ? world.invoices.filter((i) => i.id === invoiceId) : world.invoices;
    return HttpResponse.json({ locationInvoices: list, requestInvoiceIds: world.requestInvoiceIds });
  }),
  http.get('*/api/vendors/:v/locations/:l/paymentmethods', () => HttpResponse.json({ paymentMethods: world.methods, paymentMethodsJwt: 'jwt', hostedFieldsUrl: 'http://payments.test/hosted-fields', clientFlowInfo: {} })),
  http.get('*/api/config', ({ request }) => {
    const key = new URL(request.url).searchParams.get('key');
    if (key === 'configuration') return HttpResponse.json({ configuration: { paymentRequest: { c2pPaymentDays: 30 }, autopayConfig: { startDateTimeFrame: 30 } } });
    if (key === 'holidays') return HttpResponse.json({ holidays: [] });
    return HttpResponse.json({ epa: { 'priority-cc': { version: 'v3', filename: 'epa.pdf' }, 'direct-ach': { version: 'v3', filename: 'epa.pdf' } } });
  }),
  http.post('*/api/vendors/:v/locations/:l/paymentgroups', async ({ request }) => {
    const post = { key: request.headers.get('Idempotency-Key'), body: (await request.json()) as any };
    world.posts.push(post);
    const status = world.payStatus;
    await new Promise((r) => setTimeout(r, 50));
    if (status !== 201) return HttpResponse.json({ errorCode: 'payment_declined', message: 'declined' }, { status });
    const allDisputed = post.body.partialPayments.length === post.body.invoices.length;
    return HttpResponse.json({ allDisputed, paymentGroupId: allDisputed ? null : modelIds.group }, { status: 201 });
  }),
  http.get('*/api/vendors/:v/locations/:l/paymentgroups/:id/payments', () => HttpResponse.json(modelPaymentGroupDetail)),
);

const base = `/token/${token}/vendors/${ids.coastal}/locations/${ids.blueHeron}`;

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeAll(() => server.listen({ onUnhandledRequest: 'warn' }));
beforeEach(() => {
  world.invoices = [
    modelInvoice(modelIds.invoiceA, 'INV-0000001001', 100.5, '2026-12-05'),
    modelInvoice(modelIds.invoiceB, 'INV-1002', 200, '2026-12-01'),
    modelInvoice(modelIds.credit, 'CR-77', -25, '2026-12-20'),
  ];
  world.requestInvoiceIds = [];
  world.methods = [modelMethod(modelIds.card, 'priority-cc', 'Visa Business', '4821', '2.9'), modelMethod(modelIds.bank, 'direct-ach', 'Operating Checking', '6789')];
  world.payStatus = 201;
  world.posts = [];
  sessionStorage.clear();
  localStorage.clear();
  window.scrollTo = vi.fn();
});
afterEach(() => cleanup());
afterAll(() => server.close());

const rowNames = () => screen.getAllByTestId('invoice-row').map((r) => r.getAttribute('data-invoice'));
const box = (name: string) => screen.getByRole('checkbox', { name });

async function openPage() {
  const router = renderAt(`${base}/click2pay`);
  await screen.findByRole('heading', { name: /Make a Payment for/ }, { timeout: 8000 });
  await screen.findAllByTestId('invoice-row', {}, { timeout: 8000 });
  await waitFor(() => expect(screen.getByRole('radio', { name: /Visa Busin 4821/ })).toBeChecked(), { timeout: 8000 });
  return router;
}

async function selectEverythingAndAgree(user: ReturnType<typeof userEvent.setup>) {
  await user.click(box(t.selectAll));
  await user.click(box(t.terms));
}

describe('click-to-pay page', () => {
  it('sorts credits first then by due date, truncates long numbers, and has a three-state select-all', async () => {
    const user = userEvent.setup();
    await openPage();
    expect(rowNames()).toEqual(['CR-77', 'INV-1002', 'INV-0000001001']);
    expect(screen.getByRole('button', { name: '...0000001001' })).toBeInTheDocument();
    expect(screen.getByText('-$25.00')).toBeInTheDocument();
    const all = box(t.selectAll);
    expect(all).not.toBeChecked();
    await user.click(box(t.selectInvoice('INV-1002')));
    await waitFor(() => expect(all).toBePartiallyChecked());
    await user.click(all);
    await waitFor(() => expect(all).toBeChecked());
    await user.click(all);
    await waitFor(() => expect(all).not.toBeChecked());
    expect(box(t.selectInvoice('INV-1002'))).not.toBeChecked();
    // No edit action for credits.
    expect(screen.queryByRole('button', { name: t.edit('CR-77') })).toBeNull();
  });

  it('shows subtotal, fee rounded half up on the whole batch, and total with the fee card; Confirm and Pay needs the terms', async () => {
    const user = userEvent.setup();
    await openPage();
    await user.click(box(t.selectAll));
    // 275.50 × 2.9 % = 7.9895 → $7.99.
    await waitFor(() => expect(screen.getByTestId('subtotal')).toHaveTextContent('$275.50'));
    expect(screen.getByTestId('fee')).toHaveTextContent('$7.99');
    expect(screen.getByTestId('total')).toHaveTextContent('$283.49');
    const pay = screen.getByRole('button', { name: t.confirm });
    expect(pay).toBeDisabled();
    await user.click(box(t.terms));
    await waitFor(() => expect(pay).toBeEnabled());
    expect(screen.getByRole('link', { name: t.termsLink })).toHaveAttribute('href', '/static/epa/v3/epa.pdf');
    // The bank account has no fee: no breakdown.
    await user.click(screen.getByRole('radio', { name: /Operating 6789/ }));
    await waitFor(() => expect(screen.queryByTestId('fee')).toBeNull());
  });

  it('lists the requested invoices first, offers View More Invoices, and opens the invoice-number chooser', async () => {
    world.requestInvoiceIds = [modelIds.invoiceA];
    const user = userEvent.setup();
    const router = renderAt(`${base}/click2pay`);
    await screen.findAllByTestId('invoice-row', {}, { timeout: 8000 });
    expect(rowNames()).toEqual(['INV-0000001001']);
    expect(box(t.selectInvoice('INV-0000001001'))).toBeChecked();
    await user.click(screen.getByRole('button', { name: t.viewMore }));
    await waitFor(() => expect(rowNames()).toEqual(['INV-0000001001', 'CR-77', 'INV-1002']));
    await user.click(screen.getByRole('button', { name: 'INV-1002' }));
    const chooser = await screen.findByRole('dialog', { name: t.chooser.title('INV-1002') });
    const copy = within(chooser).getByRole('link', { name: t.chooser.copy });
    expect(copy).toHaveAttribute('href', `${base}/invoices/${modelIds.invoiceB}/pdfloader`);
    expect(copy).toHaveAttribute('target', '_blank');
    await user.click(within(chooser).getByRole('link', { name: t.chooser.history }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/invoices/${modelIds.invoiceB}`));
  });

  it('shows the empty text without open invoices', async () => {
    world.invoices = [];
    renderAt(`${base}/click2pay`);
    expect(await screen.findByText(t.empty, {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('a double click sends one POST with one Idempotency-Key, then shows the confirmation', async () => {
    const user = userEvent.setup();
    const router = await openPage();
    await selectEverythingAndAgree(user);
    const pay = screen.getByRole('button', { name: t.confirm });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.dblClick(pay);
    await screen.findByRole('heading', { name: new RegExp(ct.title) }, { timeout: 8000 });
    expect(world.posts).toHaveLength(1);
    expect(world.posts[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(world.posts[0].body).toMatchObject({ paymentMethodId: modelIds.card, invoices: expect.arrayContaining([modelIds.invoiceA, modelIds.invoiceB, modelIds.credit]), epaVersion: 'v3', partialPayments: [] });
    expect(router.state.location.pathname).toBe(`${base}/click2pay/${modelIds.group}/confirmation`);
    expect(await screen.findByTestId('confirmation-number')).toHaveTextContent('PP-1042');
    // The confirmation offers what the payment detail does (recurring §2.10, §9).
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Check Number' })).toBeInTheDocument();
    expect(localStorage.getItem('performancepay.persisted')).toContain(modelIds.card);
  });

  it('a failed payment shows "Could not process payment" with both texts; Try Again reuses the key', async () => {
    world.payStatus = 422;
    const user = userEvent.setup();
    await openPage();
    await selectEverythingAndAgree(user);
    await user.click(screen.getByRole('button', { name: t.confirm }));
    const modal = await screen.findByRole('alertdialog', { name: t.failure.title }, { timeout: 8000 });
    expect(modal).toHaveTextContent(t.failure.body);
    expect(modal).toHaveTextContent('If you keep seeing this message, contact your Coastal Produce Co. representative.');
    await user.click(within(modal).getByRole('button', { name: t.failure.retry }));
    await waitFor(() => expect(world.posts).toHaveLength(2));
    expect(world.posts[1].key).toBe(world.posts[0].key);
  });

  it('dispute → back with the dispute → undo; the dispute travels in the payment and all disputed lands on the disputed page', async () => {
    const user = userEvent.setup();
    const router = await openPage();
    await user.click(screen.getByRole('button', { name: t.edit('INV-1002') }));
    const change = await screen.findByRole('dialog', { name: t.changeModal.title });
    await user.click(within(change).getByRole('button', { name: t.changeModal.dispute }));
    await screen.findByRole('heading', { name: new RegExp(at.disputeTitle) }, { timeout: 8000 });
    expect(await screen.findByText(at.warning)).toBeInTheDocument();
    const apply = await screen.findByRole('button', { name: at.apply });
    expect(apply).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: at.reason }), 'Refused');
    await user.click(apply);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/click2pay`));
    await screen.findAllByTestId('invoice-row', {}, { timeout: 8000 });
    expect(await screen.findByText(t.disputed)).toBeInTheDocument();
    expect(box(t.selectInvoice('INV-1002'))).toBeChecked();
    await user.click(screen.getByRole('button', { name: t.undo('INV-1002') }));
    const undo = await screen.findByRole('alertdialog', { name: t.undoDispute.title });
    await user.click(within(undo).getByRole('button', { name: t.undoDispute.undo }));
    await waitFor(() => expect(screen.queryByText(t.disputed)).toBeNull());
    expect(box(t.selectInvoice('INV-1002'))).not.toBeChecked();

    // Dispute again and pay with only the disputed invoice: all disputed → the disputed page.
    await user.click(screen.getByRole('button', { name: t.edit('INV-1002') }));
    await user.click(within(await screen.findByRole('dialog', { name: t.changeModal.title })).getByRole('button', { name: t.changeModal.dispute }));
    await user.selectOptions(await screen.findByRole('combobox', { name: at.reason }, { timeout: 8000 }), 'Wrong Item');
    await user.click(screen.getByRole('button', { name: at.apply }));
    await screen.findAllByTestId('invoice-row', {}, { timeout: 8000 });
    await waitFor(() => expect(screen.getByRole('radio', { name: /Visa Busin 4821/ })).toBeChecked(), { timeout: 8000 });
    await user.click(box(t.terms));
    await user.click(screen.getByRole('button', { name: t.confirm }));
    await screen.findByRole('heading', { name: new RegExp(ct.disputedTitle) }, { timeout: 8000 });
    expect(await screen.findByText(ct.disputedBody('Coastal Produce Co.'))).toBeInTheDocument();
    // Only a dispute was made: nothing is scheduled, so the page says nothing about partial payments.
    expect(screen.queryByText(ct.disputedPartial)).toBeNull();
    expect(world.posts[0].body.partialPayments).toEqual([{ invoiceId: modelIds.invoiceB, amount: '200.00', newAmount: 0, reason: 'Wrong Item' }]);
  });

  it('the disputed page mentions scheduled partial payments only when one was made', async () => {
    const router = createMemoryRouter(routes, { initialEntries: [{ pathname: `${base}/click2pay/disputed`, state: { partialPayment: true } }] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText(ct.disputedPartial, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText(ct.disputedBody('Coastal Produce Co.'), {}, { timeout: 8000 })).toBeVisible();
    cleanup();
    renderAt(`${base}/click2pay/disputed`);
    expect(await screen.findByText(ct.disputedBody('Coastal Produce Co.'), {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByText(ct.disputedPartial)).toBeNull();
  });

  it('partial payment page: verbatim validation messages, summary, Apply', async () => {
    const user = userEvent.setup();
    renderAt(`${base}/click2pay/${modelIds.invoiceB}/partial`);
    await screen.findByRole('heading', { name: new RegExp(at.partialTitle) });
    const amount = await screen.findByRole('textbox', { name: at.newAmount }, { timeout: 8000 });
    expect(screen.getByText(at.required)).toBeInTheDocument();
    await user.type(amount, 'abc');
    expect(await screen.findByText(PARTIAL_AMOUNT_MESSAGES.format)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '0');
    expect(await screen.findByText(PARTIAL_AMOUNT_MESSAGES.nonPositive)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '200');
    expect(await screen.findByText(PARTIAL_AMOUNT_MESSAGES.tooLarge)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '75.25');
    expect(screen.getByTestId('original')).toHaveTextContent('$200.00');
    expect(screen.getByTestId('new-payment')).toHaveTextContent('$75.25');
    expect(screen.getByTestId('remaining')).toHaveTextContent('$124.75');
    const apply = screen.getByRole('button', { name: at.apply });
    expect(apply).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: at.reasonRequired }), 'Discount');
    expect(apply).toBeEnabled();
  });
});
