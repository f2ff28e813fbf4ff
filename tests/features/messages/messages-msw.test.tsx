// @vitest-environment jsdom
// (jsdom, not happy-dom as most views' files: happy-dom 21 names the MESSAGES tile without its visually hidden unread count.)
/**
 * The message pages against MSW handlers typed from the contract (the real actors and API client): the calls and
 * their query flags, rich content rendered safely, "Error deserializing rich content", Pay from a message preselecting
 * its invoices on the pay page, and the MESSAGES tile's unread count.
 */
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { modelMethod } from '../../../machines/click2pay/click2pay.model';
import { modelMessageIds as mids, modelMessages, modelTemplateMessage } from '../../../machines/messages/messages.model';
import type { components } from '../../../core/api/schema';
import { routes } from '../../../src/app/router';
import { click2payTexts } from '../../../src/features/click2pay/texts';
import { dashboardTexts } from '../../../src/features/dashboard/texts';
import { messagesTexts as m, templateMessageTexts as tm } from '../../../src/features/messages/texts';
import { unreadTexts } from '../../../src/features/dashboard/texts';
import { ids, token } from '../shell/fixtures';
import { frameHandlers, payConfigHandler } from '../fake-api';

configure({ asyncUtilTimeout: 8000 });

type TemplateMessage = components['schemas']['TemplateMessage'];
const requests: string[] = [];
const state = { template: modelTemplateMessage() as TemplateMessage, hasUnread: false, unread: modelMessages.filter((x) => !x.contactRead) };

const server = setupServer(
  ...frameHandlers(ids.coastal, ids.blueHeron, () => ({ hasUnreadMessages: state.hasUnread })),
  http.get('*/api/vendors/:v/locations/:l/templatemessages', ({ request }) => {
    requests.push(`templatemessages${new URL(request.url).search}`);
    const messageId = new URL(request.url).searchParams.get('messageId');
    if (messageId && messageId !== state.template.id) return HttpResponse.json({ errorCode: 'not_found', message: 'The template message was not found.' }, { status: 404 });
    return HttpResponse.json({ templateMessages: { [state.template.id]: state.template } });
  }),
  http.get('*/api/vendors/:v/locations/:l/messages', ({ request }) => {
    const search = new URL(request.url).search;
    requests.push(`messages${search}`);
    return HttpResponse.json({ messages: search.includes('contactNotRead=true') ? state.unread : modelMessages });
  }),
  http.get('*/api/vendors/:v/locations/:l/invoices', () => HttpResponse.json({ locationInvoices: state.template.invoices, requestInvoiceIds: [] })),
  http.get('*/api/vendors/:v/locations/:l/paymentmethods', () =>
    HttpResponse.json({ paymentMethods: [modelMethod('aaaaaaaa-1111-4111-8111-111111111111', 'direct-ach', 'Checking', '6789')], paymentMethodsJwt: 'jwt', hostedFieldsUrl: 'http://payments.test/hosted-fields', clientFlowInfo: {} })),
  payConfigHandler(),
  http.post('*/api/vendors/:v/locations/:l/visits', () => new HttpResponse(null, { status: 204 })),
  http.get('*/api/vendors/:v/locations/:l/autopay', () => HttpResponse.json({ autoPay: null })),
  http.get('*/api/vendors/:v/locations/:l/paymentplans', () => HttpResponse.json({ paymentPlans: [] })),
);

const base = `/token/${token}/vendors/${ids.coastal}/locations/${ids.blueHeron}`;
beforeAll(() => server.listen({ onUnhandledRequest: 'warn' }));
afterAll(() => server.close());
beforeEach(() => {
  requests.length = 0;
  state.template = modelTemplateMessage();
  state.hasUnread = false;
});
afterEach(() => cleanup());

function open(path: string) {
  window.scrollTo = vi.fn();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('template message page (MSW)', () => {
  it('asks for that one message and shows header, rich content as elements, the invoice table and Pay', async () => {
    open(`${base}/templatemessages/${mids.template}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices need attention' })).toBeInTheDocument();
    expect(requests).toContain(`templatemessages?messageId=${mids.template}`);
    // 2026-11-20T14:05Z in the vendor's zone (America/Chicago): 8:05 AM
    expect(screen.getByTestId('message-timestamp')).toHaveTextContent('11/20/26 - 8:05 AM');
    expect(screen.getByText('Karen Ostrowski')).toBeInTheDocument();
    expect(screen.getByText('Dana Whitfield (demo@example.com)')).toBeInTheDocument();
    const body = screen.getByTestId('rich-content');
    expect(within(body).getByText('INV-PAST').tagName).toBe('STRONG');
    expect(within(body).getByText('is past due.', { exact: false }).tagName).toBe('EM');
    expect(within(body).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Pay by card', 'or bank account']);
    expect(screen.getByRole('columnheader', { name: tm.columns.poRef })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: tm.pay })).toBeEnabled();
  });

  it('text that looks like HTML stays text; a link to another scheme or unknown node is "Error deserializing rich content"', async () => {
    state.template = modelTemplateMessage({ messageData: { subject: 'Hello', content: JSON.stringify([{ type: 'paragraph', children: [{ text: '<img src=x onerror=alert(1)>' }] }]) } });
    open(`${base}/templatemessages/${mids.template}`);
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    cleanup();

    state.template = modelTemplateMessage({ messageData: { subject: 'Hello', content: JSON.stringify([{ type: 'paragraph', children: [{ type: 'link', url: 'javascript:alert(1)', children: [{ text: 'click' }] }] }]) } });
    open(`${base}/templatemessages/${mids.template}`);
    expect(await screen.findByText(tm.richContentError)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'click' })).toBeNull();
    // the rest of the message still works
    expect(screen.getByRole('button', { name: tm.pay })).toBeEnabled();
  });

  it('a message without payable invoices offers Pay disabled; without invoices no table at all', async () => {
    state.template = modelTemplateMessage({ invoices: [modelTemplateMessage().invoices[2]] });
    open(`${base}/templatemessages/${mids.template}`);
    expect(await screen.findByRole('button', { name: tm.pay })).toBeDisabled();
    expect(screen.getByText(tm.nothingToPay)).toBeInTheDocument();
    cleanup();
    state.template = modelTemplateMessage({ invoices: [] });
    open(`${base}/templatemessages/${mids.template}`);
    await screen.findByRole('heading', { level: 1, name: 'Invoices need attention' });
    expect(screen.queryByRole('button', { name: tm.pay })).toBeNull();
  });

  it('an unknown message (404) shows the load failure', async () => {
    open(`${base}/templatemessages/${mids.failed}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(tm.loadFailed);
  });

  it('Pay goes to the pay page with the payable invoices of the message selected', async () => {
    const user = userEvent.setup();
    const router = open(`${base}/templatemessages/${mids.template}`);
    await user.click(await screen.findByRole('button', { name: tm.pay }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/click2pay`));
    expect(await screen.findByRole('checkbox', { name: click2payTexts.selectInvoice('INV-PAST') })).toBeChecked();
    // every open invoice is listed ("show all"), the message's payable ones chosen
    await waitFor(() => expect(screen.getByRole('checkbox', { name: click2payTexts.selectInvoice('PFGC-CHS-0004418837') })).toBeChecked());
  });
});

describe('messages and resolution center (MSW)', () => {
  it('the message list reads every message and the template messages; the resolution center the newest per invoice', async () => {
    open(`${base}/messages`);
    const rows = await screen.findAllByTestId('message-row');
    expect(rows).toHaveLength(modelMessages.length + 1);
    expect(requests.sort()).toEqual(['messages', 'templatemessages']);
    expect(rows.filter((r) => r.dataset.unread === 'true')).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole('link', { name: m.resolutionCenter }));
    expect(await screen.findAllByTestId('resolution-row')).toHaveLength(modelMessages.length);
    expect(requests).toContain('messages?onlyMostRecent=true');
  });
});

describe('MESSAGES tile (MSW)', () => {
  it('shows the unread count when the location has unread messages', async () => {
    state.hasUnread = true;
    open(base);
    const tile = await screen.findByRole('link', { name: new RegExp(`^${dashboardTexts.messages}`) });
    await waitFor(() => expect(within(tile).getByTestId('tile-badge')).toHaveTextContent(String(state.unread.length)));
    expect(tile).toHaveAccessibleName(`${dashboardTexts.messages}, ${unreadTexts.count(state.unread.length)}`);
    expect(requests).toEqual(['messages?contactNotRead=true']);
  });
  it('asks nothing and shows no badge without unread messages', async () => {
    open(base);
    const tile = await screen.findByRole('link', { name: dashboardTexts.messages });
    await screen.findByRole('link', { name: dashboardTexts.payments });
    expect(within(tile).queryByTestId('tile-badge')).toBeNull();
    expect(requests).toEqual([]);
  });
});
