import { assign, setup } from 'xstate';
import { requestLoginLink } from './contact-form.actors';
import { isEmptyContact, isValidContact, normalizeContact } from './contact-form.guards';

/** Contact-input debounce (spec §9): validity is re-evaluated after 2000 ms without typing. */
export const CONTACT_DEBOUNCE_MS = 2000;

export interface ContactFormContext {
  /** The input's current text, exactly as typed. */
  contact: string;
}

export type ContactFormEvent =
  | { type: 'contact.change'; value: string }
  | { type: 'contact.submit' }
  | { type: 'modal.close' };

/**
 * Contact form of the landing page (spec §2 Landing page, §4 Contact form, §5 Contact input).
 *
 * editing.empty ──change──▶ editing.typing ──(2 s quiet)──▶ editing.valid | editing.invalid
 * editing.* ──submit [valid]──▶ submitting ──done──▶ requested (modal) ──close──▶ editing.empty
 *                                        └──error──▶ failed ──change──▶ editing.typing | editing.empty
 *                                                         └──submit (retry)──▶ submitting
 *
 * The verdict shown to the user (the "invalid" message) waits for the debounce; the submit
 * button follows the current text at once, so a valid address never waits two seconds and an
 * invalid one can never be sent.
 */
export const contactFormMachine = setup({
  types: {} as { context: ContactFormContext; events: ContactFormEvent },
  actors: { requestLoginLink },
  delays: { contactDebounce: CONTACT_DEBOUNCE_MS },
  guards: {
    isChangeEmpty: ({ event }) => event.type === 'contact.change' && isEmptyContact(event.value),
    isContactValid: ({ context }) => isValidContact(context.contact),
  },
  actions: {
    storeContact: assign({
      contact: ({ event, context }) => (event.type === 'contact.change' ? event.value : context.contact),
    }),
    resetForm: assign({ contact: '' }),
  },
}).createMachine({
  id: 'contactForm',
  context: { contact: '' },
  initial: 'editing',
  states: {
    editing: {
      initial: 'empty',
      on: {
        // Any change clears a shown verdict; an empty input never shows an error, so it needs no debounce.
        'contact.change': [
          { guard: 'isChangeEmpty', target: '.empty', actions: 'storeContact' },
          { target: '.typing', reenter: true, actions: 'storeContact' },
        ],
      },
      states: {
        empty: {},
        // Waiting for a 2-second pause in typing before judging the text.
        typing: {
          after: {
            contactDebounce: [
              { guard: 'isContactValid', target: 'valid' },
              { target: 'invalid' },
            ],
          },
          on: { 'contact.submit': { guard: 'isContactValid', target: '#contactForm.submitting' } },
        },
        valid: { on: { 'contact.submit': { target: '#contactForm.submitting' } } },
        invalid: {},
      },
    },
    submitting: {
      invoke: {
        id: 'requestLoginLink',
        src: 'requestLoginLink',
        input: ({ context }) => ({ contact: normalizeContact(context.contact) }),
        onDone: { target: 'requested', actions: 'resetForm' },
        onError: { target: 'failed' },
      },
    },
    // The "Access Requested" modal is open; the form behind it is already reset.
    requested: { on: { 'modal.close': { target: 'editing.empty' } } },
    // "Unable to send request." is shown until the text changes or the request is retried.
    failed: {
      on: {
        'contact.submit': { target: 'submitting' },
        'contact.change': [
          { guard: 'isChangeEmpty', target: 'editing.empty', actions: 'storeContact' },
          { target: 'editing.typing', actions: 'storeContact' },
        ],
      },
    },
  },
});
