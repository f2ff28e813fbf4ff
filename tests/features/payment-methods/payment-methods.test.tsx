// @vitest-environment jsdom
// (jsdom, not happy-dom as most views' files: the hosted fields' frame and its messages need jsdom's iframe window.)
/** The payment-method views against MSW handlers shaped like the contracts (real machines and actors). */
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERSISTED_STORE_KEY } from '../../../machines/persisted/persisted.machine';
import { modelCard, modelChecking, modelPending } from '../../../machines/payment-methods/payment-methods.model';
import { paymentMethodTexts as t } from '../../../src/ui/payment-methods/texts';
import { hostedFieldsHeight } from '../../../core/api/hosted-fields-protocol';
import { App, base, fakeHostedFrames, harnessRouter, paymentsOrigin, picked } from './harness';
import { handlers, resetWorld, world } from './msw-world';

configure({ asyncUtilTimeout: 8000 });
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
let frames: ReturnType<typeof fakeHostedFrames>;
beforeEach(() => {
  resetWorld();
  frames = fakeHostedFrames();
  picked.length = 0;
  localStorage.clear();
  window.scrollTo = vi.fn();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
});
afterEach(() => cleanup());

async function openPicker() {
  const router = harnessRouter(`${base}/click2pay`);
  render(<App router={router} />);
  await screen.findByRole('radiogroup');
  return router;
}

describe('payment method picker', () => {
  it('labels methods with 10 characters of the name and the last four, 5 below 420 px (§9)', async () => {
    await openPicker();
    expect(screen.getByText('Visa Busin 4821')).toBeInTheDocument();
    expect(screen.getByText('Operating 6789')).toBeInTheDocument();
    expect(screen.getByText(t.serviceFeeNote('2.9'))).toBeInTheDocument();
    act(() => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(await screen.findByText('Visa 4821')).toBeInTheDocument();
    expect(screen.getByText('Opera 6789')).toBeInTheDocument();
    expect(screen.getByText('Payro 0015')).toBeInTheDocument();
  });

  it('shows a pending bank account with its badge and Verify, but it cannot be chosen; the first usable is chosen', async () => {
    await openPicker();
    const pending = screen.getByRole('radio', { name: /Payroll Sa 0015/ });
    expect(pending).toBeDisabled();
    const row = pending.closest('li')!;
    expect(within(row).getByText(t.pending)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: `Verify Payroll Savings 0015` })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: /Visa Busin 4821/ })).toBeChecked());
    expect(picked.at(-1)?.id).toBe(modelCard.id);
    await userEvent.click(pending.closest('label')!);
    expect(pending).not.toBeChecked();
    await waitFor(() => expect(screen.getByTestId('page-selected')).toHaveTextContent(modelCard.id));
  });

  it('falls back to the last used method from the persisted store, and a click changes the choice', async () => {
    localStorage.setItem(PERSISTED_STORE_KEY, JSON.stringify({ version: 1, lastPaymentMethodId: modelChecking.id }));
    await openPicker();
    await waitFor(() => expect(screen.getByRole('radio', { name: /Operating 6789/ })).toBeChecked());
    // The page learns the fallback choice from the picker's effect, a moment after the radio shows it.
    await waitFor(() => expect(screen.getByTestId('page-selected')).toHaveTextContent(modelChecking.id));
    await userEvent.click(screen.getByText('Visa Busin 4821'));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Visa Busin 4821/ })).toBeChecked());
    await waitFor(() => expect(screen.getByTestId('page-selected')).toHaveTextContent(modelCard.id));
  });

  it('links to the add-method page', async () => {
    await openPicker();
    expect(screen.getByRole('link', { name: t.addMethod })).toHaveAttribute('href', `${base}/paymentmethods/new`);
  });
});

describe('deleting a payment method', () => {
  it('names the method, lists its scheduled payments and removes it on Delete', async () => {
    await openPicker();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Visa Business 4821' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Visa Business 4821?' });
    expect(await within(dialog).findByText('INV-10042')).toBeInTheDocument();
    expect(within(dialog).getByText('12/4/26')).toBeInTheDocument();
    expect(within(dialog).getByText('$1,250.50')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: t.confirmDelete }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(world.deleted).toEqual([modelCard.id]);
    expect(screen.queryByText('Visa Busin 4821')).toBeNull();
  });

  it('refuses with the contact-your-representative text when AutoPay or a plan uses it', async () => {
    world.usage = { payments: [], hasAutopay: false, hasPaymentPlan: true };
    await openPicker();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Operating Checking 6789' }));
    const dialog = await screen.findByRole('alertdialog', { name: t.deleteRefusedTitle });
    expect(dialog).toHaveTextContent(t.deleteRefused('Coastal Produce Co.'));
    expect(within(dialog).queryByRole('button', { name: t.confirmDelete })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: t.close }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(world.deleted).toEqual([]);
  });

  it('shows the modal without the list when the usage check fails, and "Could not delete …" when the delete fails', async () => {
    world.usageStatus = 500;
    world.deleteStatus = 500;
    await openPicker();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Operating Checking 6789' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Operating Checking 6789?' });
    await within(dialog).findByText(t.deleteQuestion);
    expect(within(dialog).queryByText(t.deleteScheduled)).toBeNull();
    expect(within(dialog).queryByText(t.deleteNoScheduled)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: t.confirmDelete }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not delete Operating Checking 6789.');
  });
});

async function openNewPage(state?: unknown) {
  const router = harnessRouter(`${base}/paymentmethods/new`, state);
  render(<App router={router} />);
  await screen.findByRole('tab', { name: t.tabCard });
  return router;
}

const credit = { type: 'checked', brand: 'visa', funding: 'credit' };
const tokenized = { type: 'tokenized', key: 'pmk_1', brand: 'visa', lastFour: '4242', funding: 'credit' };

/**
 * The form of a tab with its hosted fields frame ready (the harness's stand-in for the payments origin's frame, which
 * holds the numbers): it answers `check` with `onCheck` and `tokenize` with `onTokenize`.
 */
async function readyForm(tab: string, answers: { onCheck?: () => Record<string, unknown> | null; onTokenize?: () => Record<string, unknown> | null } = {}) {
  await userEvent.click(screen.getByRole('tab', { name: tab }));
  const form = screen.getByRole('form', { name: tab });
  const submit = within(form).getByRole('button', { name: tab === t.tabCard ? t.saveCard : t.saveBank });
  // the submit waits for the frame
  expect(submit).toBeDisabled();
  frames.respond(form, (m) => (m.type === 'check' ? (answers.onCheck ?? (() => credit))() : m.type === 'tokenize' ? (answers.onTokenize ?? (() => tokenized))() : null));
  await act(async () => frames.ready(form));
  await waitFor(() => expect(submit).toBeEnabled());
  expect(frames.posted(form)[0]).toEqual({
    message: { channel: 'pp-hosted-fields', type: 'init', kind: tab === t.tabCard ? 'CC' : 'ACH', provider: tab === t.tabCard ? 'plastiq-cc' : 'priority-ach', jwt: 'model.jwt.token', theme: expect.any(Object) },
    targetOrigin: paymentsOrigin,
  });
  return { form, submit };
}

const asked = (form: HTMLElement, type: string) => frames.posted(form).filter((p) => p.message.type === type).map((p) => p.message);

describe('adding a payment method (the numbers are typed in the hosted fields frame)', () => {
  it('the page has no number fields; a bad TIN or a blank account nickname is shown on the page; invalid frame fields keep the form', async () => {
    await openNewPage();
    const { form, submit } = await readyForm(t.tabCard, { onCheck: () => ({ type: 'invalid', fields: ['ccNumber'] }) });
    expect(within(form).queryByLabelText(t.ccNumber)).toBeNull();
    expect(within(form).queryByLabelText(t.cvc)).toBeNull();
    expect(within(form).getByTitle(t.hostedCardTitle)).toHaveAttribute('src', 'http://payments.test/hosted-fields');
    await userEvent.type(within(form).getByLabelText(t.tin), '12345');
    await userEvent.click(submit);
    expect(within(form).getByText(t.errTin)).toBeInTheDocument();
    expect(asked(form, 'check')).toEqual([]);
    await userEvent.clear(within(form).getByLabelText(t.tin));
    await userEvent.click(submit);
    // the frame shows its own errors: the page stays, nothing is tokenized
    await waitFor(() => expect(asked(form, 'check')).toHaveLength(1));
    await waitFor(() => expect(submit).toHaveTextContent(t.saveCard));
    expect(asked(form, 'tokenize')).toEqual([]);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    const bank = await readyForm(t.tabBank);
    await userEvent.click(bank.submit);
    expect(within(bank.form).getByText(t.required)).toBeInTheDocument();
    expect(asked(bank.form, 'check')).toEqual([]);
    expect(world.attached).toEqual([]);
  });

  it('the Card tab shows the card first: the frame, then the optional nickname and TIN; its height is reserved before it loads', async () => {
    await openNewPage();
    const form = screen.getByRole('form', { name: t.tabCard });
    const frame = within(form).getByTitle(t.hostedCardTitle);
    for (const label of [t.nickname, t.tin]) {
      expect(frame.compareDocumentPosition(within(form).getByLabelText(label)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    // one or two columns by the frame's width (a container query): both heights of the shared layout, before any resize
    expect(frame.style.getPropertyValue('--pp-hf-one')).toBe(`${hostedFieldsHeight('CC', 1)}px`);
    expect(frame.style.getPropertyValue('--pp-hf-two')).toBe(`${hostedFieldsHeight('CC', 2)}px`);
    expect(frame.style.height).toBe('');
  });

  it('says "Could not add card." with a hint for a declined number, in the fee modal, keeping the form', async () => {
    await openNewPage();
    const { form, submit } = await readyForm(t.tabCard, { onTokenize: () => ({ type: 'refused', status: 402, code: 'card_declined', message: 'declined' }) });
    await userEvent.click(submit);
    const modal = await screen.findByRole('alertdialog', { name: t.feeTitleCard });
    expect(modal).toHaveTextContent(t.feeBody('2.9'));
    await userEvent.click(within(modal).getByRole('button', { name: t.confirm }));
    const alert = await within(modal).findByRole('alert');
    expect(alert).toHaveTextContent(t.addCardFailed);
    expect(alert).toHaveTextContent(t.codeHints.card_declined);
    await userEvent.click(within(modal).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(asked(form, 'tokenize')).toEqual([{ channel: 'pp-hosted-fields', type: 'tokenize', extra: {} }]);
    expect(world.attached).toEqual([]);
  });

  it('says the fee before the card is added by its BIN (as the frame answered): the percent for a credit card, no fee for a debit or prepaid card', async () => {
    await openNewPage();
    let funding = 'debit';
    const { form, submit } = await readyForm(t.tabCard, { onCheck: () => ({ type: 'checked', brand: 'visa', funding }) });
    await userEvent.click(submit);
    let modal = await screen.findByRole('alertdialog', { name: t.feeTitleDebit });
    expect(modal).toHaveTextContent('This is a debit card: no service fee will be charged on payments made with it.');
    expect(modal).not.toHaveTextContent('service fee will be added');
    await userEvent.click(within(modal).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    funding = 'prepaid';
    await userEvent.click(submit);
    modal = await screen.findByRole('alertdialog', { name: t.feeTitleCard });
    expect(modal).toHaveTextContent('This is a prepaid card: no service fee will be charged on payments made with it.');
    await userEvent.click(within(modal).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    funding = 'credit';
    await userEvent.click(submit);
    modal = await screen.findByRole('alertdialog', { name: t.feeTitleCard });
    expect(modal).toHaveTextContent('A 2.9% service fee will be added to all payments made with this card.');
    expect(asked(form, 'tokenize')).toEqual([]);
  });

  it('titles the fee modal by the card type: chosen Credit, chosen Debit, vendor options, or none', async () => {
    await openNewPage();
    const { form, submit } = await readyForm(t.tabCard);
    await userEvent.click(within(form).getByText(t.cardKindCredit));
    await userEvent.click(submit);
    let modal = await screen.findByRole('alertdialog', { name: t.feeTitleCredit });
    await userEvent.click(within(modal).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await userEvent.click(within(form).getByText(t.cardKindDebit));
    await userEvent.click(submit);
    modal = await screen.findByRole('alertdialog', { name: t.feeTitleDebit });
    await userEvent.click(within(modal).getByRole('button', { name: t.cancel }));
    cleanup();

    world.vendorOptions = ['debit'];
    frames = fakeHostedFrames();
    await openNewPage();
    const second = await readyForm(t.tabCard);
    expect(within(second.form).queryByText(t.cardKind)).toBeNull();
    await userEvent.click(second.submit);
    await screen.findByRole('alertdialog', { name: t.feeTitleDebit });
  });

  it('a confirmed card is tokenized by the frame, attached, selected and the customer goes back to click-to-pay', async () => {
    const router = harnessRouter(`${base}/click2pay`);
    render(<App router={router} />);
    await screen.findByRole('radiogroup');
    await userEvent.click(screen.getByRole('link', { name: t.addMethod }));
    await screen.findByRole('tab', { name: t.tabCard });
    const { form, submit } = await readyForm(t.tabCard);
    await userEvent.type(within(form).getByLabelText(t.nickname), 'Ops Visa');
    await userEvent.type(within(form).getByLabelText(t.tin), '12-3456789');
    await userEvent.click(submit);
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: t.feeTitleCard })).getByRole('button', { name: t.confirm }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/click2pay`));
    expect(asked(form, 'tokenize')).toEqual([{ channel: 'pp-hosted-fields', type: 'tokenize', extra: { name: 'Ops Visa', tin: '123456789' } }]);
    // the portal itself sent nothing to the tokenizer
    expect(world.tokenized).toEqual([]);
    expect(world.attached).toEqual(['pmk_1']);
    await waitFor(() => expect(screen.getByRole('radio', { name: /Ops Visa 4242/ })).toBeChecked());
    await waitFor(() => expect(screen.getByTestId('page-selected')).toHaveTextContent('4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f'));
  });

  it('Enter in the frame submits; a bank account needs no fee modal; without a navigation state the customer lands on the location base', async () => {
    const router = await openNewPage();
    const { form } = await readyForm(t.tabBank, { onCheck: () => ({ type: 'checked', brand: null, funding: null }), onTokenize: () => ({ ...tokenized, brand: null, lastFour: '6789', funding: null }) });
    await userEvent.type(within(form).getByLabelText(t.bankName), 'Payroll Checking');
    await act(async () => frames.say(form, { type: 'submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(base));
    expect(asked(form, 'tokenize')).toEqual([{ channel: 'pp-hosted-fields', type: 'tokenize', extra: { name: 'Payroll Checking' } }]);
    expect(world.tokenized).toEqual([]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("loads a tab's hosted fields frame when the tab is first shown, not both on arrival, and keeps it after", async () => {
    await openNewPage();
    const frames = () => document.querySelectorAll('iframe[data-testid="hosted-fields"]');
    await waitFor(() => expect(frames()).toHaveLength(1));
    expect(frames()[0]).toHaveAttribute('title', t.hostedCardTitle);
    await userEvent.click(screen.getByRole('tab', { name: t.tabBank }));
    await waitFor(() => expect(frames()).toHaveLength(2));
    const bankFrame = screen.getByTitle(t.hostedBankTitle);
    await userEvent.click(screen.getByRole('tab', { name: t.tabCard }));
    // the bank frame (and what was typed in it) is still there, hidden with its tab
    expect(screen.getByTitle(t.hostedBankTitle, { hidden: true } as never)).toBe(bankFrame);
  });

  it('a message from another origin, or from another window of the payments origin, is ignored', async () => {
    await openNewPage();
    const { form, submit } = await readyForm(t.tabCard, { onCheck: () => null });
    await userEvent.click(submit);
    await waitFor(() => expect(asked(form, 'check')).toHaveLength(1));
    const checked = { channel: 'pp-hosted-fields', ...credit };
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { data: checked, origin: 'http://evil.test', source: form.querySelector('iframe')!.contentWindow }));
      window.dispatchEvent(new MessageEvent('message', { data: checked, origin: paymentsOrigin, source: window }));
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(submit).toHaveTextContent(t.saving);
    await act(async () => frames.say(form, credit));
    await screen.findByRole('alertdialog', { name: t.feeTitleCard });
  });
});

// Keep the pending fixture referenced (it is the verify walk's subject).
void modelPending;
