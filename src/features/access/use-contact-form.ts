import { useActorRef, useSelector } from '@xstate/react';
import { contactFormMachine } from '../../../machines/contact-form/contact-form.machine';
import { selectContactFormView, type ContactFormView } from '../../../machines/contact-form/contact-form.selectors';

export interface ContactFormApi extends ContactFormView {
  change: (value: string) => void;
  submit: () => void;
  closeModal: () => void;
}

function sameView(a: ContactFormView, b: ContactFormView): boolean {
  return (Object.keys(a) as (keyof ContactFormView)[]).every((key) => a[key] === b[key]);
}

/** The landing page's contact form: the machine's view model and its events as callbacks. */
export function useContactForm(): ContactFormApi {
  const actorRef = useActorRef(contactFormMachine);
  const view = useSelector(actorRef, selectContactFormView, sameView);
  return {
    ...view,
    change: (value) => actorRef.send({ type: 'contact.change', value }),
    submit: () => actorRef.send({ type: 'contact.submit' }),
    closeModal: () => actorRef.send({ type: 'modal.close' }),
  };
}
