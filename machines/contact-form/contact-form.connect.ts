import type { SnapshotFrom } from 'xstate';
import { isEmptyContact, isValidContact } from './contact-form.guards';
import type { ContactFormEvent, contactFormMachine } from './contact-form.machine';
import { selectContactFormView, type ContactFormView } from './contact-form.selectors';

/** What the landing page holds before the chart runs (the chart loads with the visitor's first interaction). */
export interface ContactFormDraft {
  /** The text typed so far. */
  contact: string;
  /** Request Link was pressed on a valid text: the chart submits it as soon as it starts. */
  submitQueued: boolean;
}

function intentsOf(send: (event: ContactFormEvent) => void) {
  return {
    change: (value: string) => send({ type: 'contact.change', value }),
    submit: () => send({ type: 'contact.submit' }),
    closeModal: () => send({ type: 'modal.close' }),
  };
}

/**
 * The landing page's contact form (zag's `connect(state, send)`): what the form shows, derived by the selector, and
 * its intents. Pure, no React: the hook reads the snapshot and hands it here.
 */
export function connectContactForm(snapshot: Pick<SnapshotFrom<typeof contactFormMachine>, 'context' | 'matches' | 'can'>, send: (event: ContactFormEvent) => void) {
  return { ...selectContactFormView(snapshot), ...intentsOf(send) };
}

/**
 * The same view before the chart runs: what the chart shows in `editing` before its debounce — no verdict yet,
 * "Request Link" enabled for a valid text — and busy once a submit waits for the chart. `send` is the page's, which
 * keeps the text and the submit until the chart starts; Request Link sends nothing on a text the chart would refuse.
 */
export function connectContactFormDraft(draft: ContactFormDraft, send: (event: ContactFormEvent) => void): ContactFormApi {
  const view: ContactFormView = {
    contact: draft.contact,
    showInvalid: false,
    canSubmit: !draft.submitQueued && !isEmptyContact(draft.contact) && isValidContact(draft.contact),
    isSubmitting: draft.submitQueued,
    showSubmitError: false,
    isModalOpen: false,
  };
  const intents = intentsOf(send);
  return {
    ...view,
    ...intents,
    submit: () => {
      if (view.canSubmit) intents.submit();
    },
  };
}

export type ContactFormApi = ReturnType<typeof connectContactForm>;
