// @vitest-environment jsdom
/** The payment-method views against MSW handlers shaped like the contracts (real machines and actors). */
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERSISTED_STORE_KEY } from '../../../machines/persisted/persisted.machine';
import { modelCard, modelChecking, modelPending } from '../../../machines/payment-methods/payment-methods.model';
import { paymentMethodTexts as t } from '../../../src/ui/payment-methods/texts';
import { App, base, harnessRouter, picked } from './harness';
import { handlers, resetWorld, world } from './msw-world';

configure({ asyncUtilTimeout: 8000 });
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetWorld();
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

async function fillCard(number: string) {
  const form = screen.getByRole('form', { name: t.tabCard });
  await userEvent.type(within(form).getByLabelText(t.nameOnCard), 'Dana Reyes');
  await userEvent.type(within(form).getByLabelText(t.ccNumber), number);
  await userEvent.type(within(form).getByLabelText(t.expDate), '12/39');
  await userEvent.type(within(form).getByLabelText(t.cvc), '123');
  await userEvent.type(within(form).getByLabelText(t.addressLine1), '214 East Bay St');
  await userEvent.type(within(form).getByLabelText(t.zipCode), '29401');
  return form;
}

describe('adding a payment method', () => {
  it('validates inline and keeps what was typed', async () => {
    await openNewPage();
    const form = screen.getByRole('form', { name: t.tabCard });
    await userEvent.type(within(form).getByLabelText(t.ccNumber), '4242424242424241');
    await userEvent.type(within(form).getByLabelText(t.expDate), '13/30');
    await userEvent.click(within(form).getByRole('button', { name: t.saveCard }));
    expect(within(form).getByText(t.errCardNumber)).toBeInTheDocument();
    expect(within(form).getByText(t.errExpFormat)).toBeInTheDocument();
    expect(within(form).getAllByText(t.required).length).toBeGreaterThan(0);
    expect(within(form).getByLabelText(t.ccNumber)).toHaveValue('4242424242424241');
    expect(world.tokenized).toEqual([]);
  });

  it('says "Could not add card." with a hint for a declined number, in the fee modal, keeping the form', async () => {
    await openNewPage();
    const form = await fillCard('4000000000000002');
    await userEvent.click(within(form).getByRole('button', { name: t.saveCard }));
    const modal = await screen.findByRole('alertdialog', { name: t.feeTitleCard });
    expect(modal).toHaveTextContent(t.feeBody('2.9'));
    await userEvent.click(within(modal).getByRole('button', { name: t.confirm }));
    const alert = await within(modal).findByRole('alert');
    expect(alert).toHaveTextContent(t.addCardFailed);
    expect(alert).toHaveTextContent(t.codeHints.card_declined);
    await userEvent.click(within(modal).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(form).getByLabelText(t.ccNumber)).toHaveValue('4000000000000002');
    expect(world.attached).toEqual([]);
  });

  it('says the fee before the card is added by its BIN: the percent for a credit card, no fee for a debit or prepaid card', async () => {
    await openNewPage();
    const form = await fillCard('4000056655665556');
    await userEvent.click(within(form).getByRole('button', { name: t.saveCard }));
    let modal = await screen.findByRole('alertdialog', { name: t.feeTitleDebit });
    expect(modal).toHaveTextContent('This is a debit card: no service fee will be charged on payments made with it.');
    expect(modal).not.toHaveTextContent('service fee will be added');
    await userEvent.click(within(modal).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await userEvent.clear(within(form).getByLabelText(t.ccNumber));
    await userEvent.type(within(form).getByLabelText(t.ccNumber), '4000057700000005');
    await userEvent.click(within(form).getByRole('button', { name: t.saveCard }));
    modal = await screen.findByRole('alertdialog', { name: t.feeTitleCard });
    expect(modal).toHaveTextContent('This is a prepaid card: no service fee will be charged on payments made with it.');
    await userEvent.click(within(modal).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await userEvent.clear(within(form).getByLabelText(t.ccNumber));
    await userEvent.type(within(form).getByLabelText(t.ccNumber), '4242424242424242');
    await userEvent.click(within(form).getByRole('button', { name: t.saveCard }));
    modal = await screen.findByRole('alertdialog', { name: t.feeTitleCard });
    expect(modal).toHaveTextContent('A 2.9% service fee will be added to all payments made with this card.');
    expect(world.tokenized).toEqual([]);
  });

  it('titles the fee modal by the card type: chosen Credit, chosen Debit, vendor options, or none', async () => {
    await openNewPage();
    const form = await fillCard('4242424242424242');
    const save = within(form).getByRole('button', { name: t.saveCard });
    await userEvent.click(within(form).getByText(t.cardKindCredit));
    await userEvent.click(save);
    let modal = await screen.findByRole('alertdialog', { name: t.feeTitleCredit });
    await userEvent.click(within(modal).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await userEvent.click(within(form).getByText(t.cardKindDebit));
    await userEvent.click(save);
    modal = await screen.findByRole('alertdialog', { name: t.feeTitleDebit });
    await userEvent.click(within(modal).getByRole('button', { name: t.cancel }));
    cleanup();

    world.vendorOptions = ['debit'];
    await openNewPage();
    const form2 = await fillCard('4242424242424242');
    expect(within(form2).queryByText(t.cardKind)).toBeNull();
    await userEvent.click(within(form2).getByRole('button', { name: t.saveCard }));
    await screen.findByRole('alertdialog', { name: t.feeTitleDebit });
  });

  it('a confirmed card is tokenized, attached, selected and the customer goes back to click-to-pay', async () => {
    const router = harnessRouter(`${base}/click2pay`);
    render(<App router={router} />);
    await screen.findByRole('radiogroup');
    await userEvent.click(screen.getByRole('link', { name: t.addMethod }));
    await screen.findByRole('tab', { name: t.tabCard });
    const form = await fillCard('4242 4242 4242 4242');
    await userEvent.click(within(form).getByRole('button', { name: t.saveCard }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: t.feeTitleCard })).getByRole('button', { name: t.confirm }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/click2pay`));
    expect(world.tokenized[0]).toMatchObject({ type: 'CC', provider: 'plastiq-cc', ccNumber: '4242424242424242', expDate: '12/39', zipCode: '29401' });
    expect(world.attached).toEqual(['pmk_1']);
    await waitFor(() => expect(screen.getByRole('radio', { name: /Ops Visa 4242/ })).toBeChecked());
    await waitFor(() => expect(screen.getByTestId('page-selected')).toHaveTextContent('4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f'));
  });

  it('a bank account needs no fee modal; without a navigation state the customer lands on the location base', async () => {
    const router = await openNewPage();
    await userEvent.click(screen.getByRole('tab', { name: t.tabBank }));
    const form = screen.getByRole('form', { name: t.tabBank });
    await userEvent.type(within(form).getByLabelText(t.bankName), 'Payroll Checking');
    await userEvent.type(within(form).getByLabelText(t.routingNumber), '011000016');
    await userEvent.type(within(form).getByLabelText(t.accountNumber), '000123456789');
    await userEvent.click(within(form).getByRole('button', { name: t.saveBank }));
    expect(within(form).getByText(t.errRouting)).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(t.routingNumber), { target: { value: '011000015' } });
    await userEvent.click(within(form).getByRole('button', { name: t.saveBank }));
    await waitFor(() => expect(router.state.location.pathname).toBe(base));
    expect(world.tokenized[0]).toEqual({ type: 'ACH', provider: 'priority-ach', name: 'Payroll Checking', bankRoutingNumber: '011000015', checkingAccountNumber: '000123456789' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

// Keep the pending fixture referenced (it is the verify walk's subject).
void modelPending;
