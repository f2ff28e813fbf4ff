import { createActor } from 'xstate';
import { contactFormMachine } from './contact-form.machine';
import { selectContactFormView, type ContactFormView } from './contact-form.selectors';

export type ContactFormActor = ReturnType<typeof createContactFormActor>;

/**
 * A running contact form (landing page) and its view model. The landing page loads this module — and XState with it —
 * on the visitor's first interaction with the form (`src/features/access/use-contact-form.ts`).
 */
export function createContactFormActor() {
  const actor = createActor(contactFormMachine);
  let last: ContactFormView | undefined;
  return {
    start: () => void actor.start(),
    stop: () => void actor.stop(),
    send: actor.send.bind(actor) as typeof actor.send,
    subscribe(listener: () => void) {
      const subscription = actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    /** The view, the same object while nothing it shows changed (for useSyncExternalStore). */
    view(): ContactFormView {
      const next = selectContactFormView(actor.getSnapshot());
      if (last && (Object.keys(next) as (keyof ContactFormView)[]).every((key) => next[key] === last![key])) return last;
      last = next;
      return next;
    },
  };
}
