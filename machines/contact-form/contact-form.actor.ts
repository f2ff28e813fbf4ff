import { createActor } from 'xstate';
import { contactFormMachine } from './contact-form.machine';

export type ContactFormActor = ReturnType<typeof createContactFormActor>;

/**
 * A running contact form (landing page). The landing page loads this module — and XState with it — on the visitor's
 * first interaction with the form (`src/features/access/use-contact-form.ts`), and shows its snapshot through
 * `connectContactForm`.
 */
export function createContactFormActor() {
  const actor = createActor(contactFormMachine);
  return {
    start: () => void actor.start(),
    stop: () => void actor.stop(),
    send: actor.send.bind(actor) as typeof actor.send,
    subscribe(listener: () => void) {
      const subscription = actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    /** The current snapshot: the same object until the chart changes (for useSyncExternalStore). */
    getSnapshot: () => actor.getSnapshot(),
  };
}
