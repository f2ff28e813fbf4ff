import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { LoginLinkRequestError, type LoginLinkAccepted, type LoginLinkInput } from '../../machines/contact-form/contact-form.actors';
import { connectContactForm, connectContactFormDraft } from '../../machines/contact-form/contact-form.connect';
import { contactFormMachine, type ContactFormEvent } from '../../machines/contact-form/contact-form.machine';

/** What the form shows: the view without its intents. */
function shown(api: object) {
  return Object.fromEntries(Object.entries(api).filter(([, value]) => typeof value !== 'function'));
}

function recorder() {
  const sent: ContactFormEvent[] = [];
  return { sent, send: (event: ContactFormEvent) => void sent.push(event) };
}

/** The chart with a short debounce and a link request the test settles. */
function start() {
  let settle: { resolve: (v: LoginLinkAccepted) => void; reject: (e: unknown) => void } | undefined;
  const actor = createActor(
    contactFormMachine.provide({
      delays: { contactDebounce: 5 },
      actors: { requestLoginLink: fromPromise<LoginLinkAccepted, LoginLinkInput>(() => new Promise((resolve, reject) => (settle = { resolve, reject }))) },
    }),
  ).start();
  return { actor, settle: () => settle! };
}

const texts = ['', '   ', 'not-an-address', 'demo@example', 'demo@example.com', '  demo@example.com  ', '(555) 010-2030', '555-0102'];

describe('connectContactFormDraft (before the chart runs)', () => {
  it.each(texts)('shows for %j what the chart shows right after the same text is typed (before its debounce)', (text) => {
    const { actor } = start();
    actor.send({ type: 'contact.change', value: text });
    const { send } = recorder();
    expect(shown(connectContactFormDraft({ contact: text, submitQueued: false }, send))).toEqual(shown(connectContactForm(actor.getSnapshot(), send)));
    actor.stop();
  });

  it('a submit waiting for the chart shows the form busy, Request Link disabled', () => {
    const { send } = recorder();
    expect(shown(connectContactFormDraft({ contact: 'demo@example.com', submitQueued: true }, send))).toMatchObject({
      contact: 'demo@example.com', isSubmitting: true, canSubmit: false, showInvalid: false,
    });
  });

  it('Request Link sends nothing on a text the chart would refuse; the other intents send their events', () => {
    const { sent, send } = recorder();
    connectContactFormDraft({ contact: 'not-an-address', submitQueued: false }, send).submit();
    connectContactFormDraft({ contact: 'demo@example.com', submitQueued: true }, send).submit();
    expect(sent).toEqual([]);
    const view = connectContactFormDraft({ contact: 'demo@example.com', submitQueued: false }, send);
    view.submit();
    view.change('x');
    view.closeModal();
    expect(sent).toEqual([{ type: 'contact.submit' }, { type: 'contact.change', value: 'x' }, { type: 'modal.close' }]);
  });
});

describe('connectContactForm', () => {
  it('shows the verdict after the debounce, then busy, then the failure; the intents send the chart’s events', async () => {
    const { actor, settle } = start();
    const { sent, send } = recorder();
    actor.send({ type: 'contact.change', value: 'not-an-address' });
    expect(connectContactForm(actor.getSnapshot(), send)).toMatchObject({ showInvalid: false, canSubmit: false });
    await waitFor(actor, (s) => s.matches({ editing: 'invalid' }));
    expect(connectContactForm(actor.getSnapshot(), send)).toMatchObject({ contact: 'not-an-address', showInvalid: true, canSubmit: false });

    actor.send({ type: 'contact.change', value: 'demo@example.com' });
    expect(connectContactForm(actor.getSnapshot(), send)).toMatchObject({ showInvalid: false, canSubmit: true });
    actor.send({ type: 'contact.submit' });
    expect(connectContactForm(actor.getSnapshot(), send)).toMatchObject({ isSubmitting: true, canSubmit: false, showSubmitError: false });
    settle().reject(new LoginLinkRequestError(500, 'internal'));
    await waitFor(actor, (s) => s.matches('failed'));
    const failed = connectContactForm(actor.getSnapshot(), send);
    expect(failed).toMatchObject({ showSubmitError: true, canSubmit: true, isSubmitting: false, isModalOpen: false });

    failed.change('a@b.co');
    failed.submit();
    failed.closeModal();
    expect(sent).toEqual([{ type: 'contact.change', value: 'a@b.co' }, { type: 'contact.submit' }, { type: 'modal.close' }]);
    actor.stop();
  });

  it('an accepted request opens the modal on a reset form', async () => {
    const { actor, settle } = start();
    actor.send({ type: 'contact.change', value: 'demo@example.com' });
    actor.send({ type: 'contact.submit' });
    settle().resolve({ status: 'accepted' });
    await waitFor(actor, (s) => s.matches('requested'));
    expect(shown(connectContactForm(actor.getSnapshot(), recorder().send))).toEqual({
      contact: '', showInvalid: false, canSubmit: false, isSubmitting: false, showSubmitError: false, isModalOpen: true,
    });
    actor.stop();
  });
});
