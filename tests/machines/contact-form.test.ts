import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { CONTACT_DEBOUNCE_MS, contactFormMachine } from '../../machines/contact-form/contact-form.machine';
import { selectContactFormView } from '../../machines/contact-form/contact-form.selectors';
import { isEmail, isPhoneNumber, isValidContact, normalizeContact } from '../../machines/contact-form/contact-form.guards';
import { LoginLinkRequestError, type LoginLinkAccepted, type LoginLinkInput } from '../../machines/contact-form/contact-form.actors';

const DEBOUNCE = 50;

/** A link request the test settles by hand, recording what the machine sent. */
function controlledRequest() {
  const calls: LoginLinkInput[] = [];
  let settle: { resolve: (v: LoginLinkAccepted) => void; reject: (e: unknown) => void } | undefined;
  const logic = fromPromise<LoginLinkAccepted, LoginLinkInput>(({ input }) => {
    calls.push(input);
    return new Promise<LoginLinkAccepted>((resolve, reject) => {
      settle = { resolve, reject };
    });
  });
  return {
    calls,
    logic,
    resolve: () => settle?.resolve({ status: 'accepted' }),
    reject: () => settle?.reject(new LoginLinkRequestError(429, 'rate_limited')),
  };
}

function start() {
  const request = controlledRequest();
  const actor = createActor(
    contactFormMachine.provide({ actors: { requestLoginLink: request.logic }, delays: { contactDebounce: DEBOUNCE } }),
  ).start();
  const view = () => selectContactFormView(actor.getSnapshot());
  const change = (value: string) => actor.send({ type: 'contact.change', value });
  const flush = () => vi.advanceTimersByTimeAsync(0);
  return { actor, request, view, change, flush };
}

describe('contact input rules (spec §5)', () => {
  it.each([
    ['demo@example.com', true],
    ['  demo@example.com  ', true],
    ['first.last+tag@sub.example.co.uk', true],
    ['demo@example', false],
    ['demo@@example.com', false],
    ['demo example@x.com', false],
    ['@example.com', false],
  ])('e-mail %j → %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });

  it.each([
    ['(555) 010-2030', true],
    ['5550102030', true],
    ['+1 555.010.2030', true],
    ['555-0102', false], // fewer than 10 characters
    ['555 010 203', false], // 11 characters but only 9 digits
    ['555-010-20a0', false],
    ['++5550102030', false],
  ])('phone %j → %s', (value, expected) => {
    expect(isPhoneNumber(value)).toBe(expected);
  });

  it('accepts either kind and nothing else; the sent value is trimmed', () => {
    expect(isValidContact('demo@example.com')).toBe(true);
    expect(isValidContact('(555) 010-2030')).toBe(true);
    expect(isValidContact('')).toBe(false);
    expect(isValidContact('hello')).toBe(false);
    expect(normalizeContact('  a@b.co \n')).toBe('a@b.co');
  });
});

describe('contact form machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the 2000 ms debounce unless provided otherwise', async () => {
    expect(CONTACT_DEBOUNCE_MS).toBe(2000);
    const actor = createActor(contactFormMachine).start();
    actor.send({ type: 'contact.change', value: 'nope' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(actor.getSnapshot().value).toEqual({ editing: 'typing' });
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toEqual({ editing: 'invalid' });
    actor.stop();
  });

  it('starts empty: no error, button disabled, no modal', () => {
    const { actor, view } = start();
    expect(actor.getSnapshot().value).toEqual({ editing: 'empty' });
    expect(view()).toEqual({
      contact: '', showInvalid: false, canSubmit: false, isSubmitting: false, showSubmitError: false, isModalOpen: false,
    });
  });

  it('shows "invalid" only after a pause in typing, and restarts the wait on every change', async () => {
    const { actor, view, change } = start();
    change('not-an');
    await vi.advanceTimersByTimeAsync(DEBOUNCE - 10);
    change('not-an-address');
    await vi.advanceTimersByTimeAsync(DEBOUNCE - 10);
    expect(actor.getSnapshot().value).toEqual({ editing: 'typing' });
    expect(view().showInvalid).toBe(false);
    expect(view().canSubmit).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    expect(actor.getSnapshot().value).toEqual({ editing: 'invalid' });
    expect(view().showInvalid).toBe(true);
    expect(view().canSubmit).toBe(false);
  });

  it('a change hides the shown verdict until the next pause', async () => {
    const { view, change } = start();
    change('nope');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(view().showInvalid).toBe(true);
    change('nope2');
    expect(view().showInvalid).toBe(false);
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(view().showInvalid).toBe(true);
  });

  it('never shows an error for empty (or blank) input', async () => {
    const { actor, view, change } = start();
    change('x');
    change('');
    expect(actor.getSnapshot().value).toEqual({ editing: 'empty' });
    await vi.advanceTimersByTimeAsync(DEBOUNCE * 3);
    expect(view().showInvalid).toBe(false);
    change('   ');
    await vi.advanceTimersByTimeAsync(DEBOUNCE * 3);
    expect(actor.getSnapshot().value).toEqual({ editing: 'empty' });
    expect(view().showInvalid).toBe(false);
    expect(view().canSubmit).toBe(false);
  });

  it('enables the button for valid input at once, and settles in valid after the pause', async () => {
    const { actor, view, change } = start();
    change('(555) 010-2030');
    expect(view().canSubmit).toBe(true);
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(actor.getSnapshot().value).toEqual({ editing: 'valid' });
    expect(view()).toMatchObject({ showInvalid: false, canSubmit: true });
  });

  it('ignores submit while the input is empty or invalid', async () => {
    const { actor, request, change } = start();
    actor.send({ type: 'contact.submit' });
    change('nope');
    actor.send({ type: 'contact.submit' });
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'invalid' });
    expect(request.calls).toEqual([]);
  });

  it('submits the trimmed contact while typing or once valid; loading while submitting; changes ignored meanwhile', async () => {
    const { actor, request, view, change } = start();
    change('  demo@example.com ');
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(request.calls).toEqual([{ contact: 'demo@example.com' }]);
    expect(view()).toMatchObject({ isSubmitting: true, canSubmit: false });
    change('other@example.com');
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.contact).toBe('  demo@example.com ');
    expect(request.calls).toHaveLength(1);
  });

  it('on success opens the "Access Requested" modal and resets the form; closing returns to the empty form', async () => {
    const { actor, request, view, change, flush } = start();
    change('demo@example.com');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(actor.getSnapshot().value).toEqual({ editing: 'valid' });
    actor.send({ type: 'contact.submit' });
    request.resolve();
    await flush();
    expect(actor.getSnapshot().value).toBe('requested');
    expect(view()).toMatchObject({ isModalOpen: true, contact: '', isSubmitting: false, canSubmit: false });
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'empty' });
    expect(view().isModalOpen).toBe(false);
  });

  it('on failure shows "Unable to send request." and allows a retry', async () => {
    const { actor, request, view, change, flush } = start();
    change('demo@example.com');
    actor.send({ type: 'contact.submit' });
    request.reject();
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(view()).toMatchObject({ showSubmitError: true, canSubmit: true, contact: 'demo@example.com' });
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(view().showSubmitError).toBe(false);
    expect(request.calls).toHaveLength(2);
  });

  it('any change clears the submit error', async () => {
    const { actor, request, view, change, flush } = start();
    change('demo@example.com');
    actor.send({ type: 'contact.submit' });
    request.reject();
    await flush();
    change('demo@example.org');
    expect(actor.getSnapshot().value).toEqual({ editing: 'typing' });
    expect(view()).toMatchObject({ showSubmitError: false, canSubmit: true });

    actor.send({ type: 'contact.submit' });
    request.reject();
    await flush();
    change('');
    expect(actor.getSnapshot().value).toEqual({ editing: 'empty' });
    expect(view()).toMatchObject({ showSubmitError: false, canSubmit: false, contact: '' });
  });
});
