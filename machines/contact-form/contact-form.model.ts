import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import type { contactFormMachine } from './contact-form.machine';
import { LoginLinkRequestError } from './contact-form.actors';

/**
 * Inputs that take every guard both ways: empty, invalid, valid. (Which texts count as valid is
 * unit-tested on the guards; the model needs one of each kind to stay small.)
 */
export const contactFormModelValues = {
  empty: '',
  invalid: 'not-an-address',
  valid: 'demo@example.com',
} as const;

const DEBOUNCE_EVENT = 'xstate.after.contactDebounce.contactForm.editing.typing';

/**
 * Model events for `xstate/graph` walks (machines/registry.ts and the model-based tests): the
 * user's events, the debounce timer, and the link request's done/error events, filtered to those
 * the snapshot accepts. The changes are offered only from a state holding a different text, which
 * keeps the graph small while still reaching every state and transition.
 */
export function contactFormModelEvents(snapshot: SnapshotFrom<typeof contactFormMachine>): EventObject[] {
  const current = snapshot.context.contact;
  const candidates: AnyEventObject[] = [
    ...Object.values(contactFormModelValues)
      .filter((value) => value !== current)
      .map((value) => ({ type: 'contact.change', value })),
    { type: 'contact.submit' },
    { type: 'modal.close' },
    { type: DEBOUNCE_EVENT },
    { type: 'xstate.done.actor.requestLoginLink', output: { status: 'accepted' } },
    { type: 'xstate.error.actor.requestLoginLink', error: new LoginLinkRequestError(500, 'internal') },
  ];
  return candidates.filter((event) => snapshot.can(event as never));
}
