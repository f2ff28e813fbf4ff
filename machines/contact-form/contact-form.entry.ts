import { defineMachine } from '../registry-entry';
import { contactFormMachine } from './contact-form.machine';
import { contactFormModelEvents } from './contact-form.model';

export const contactFormEntry = defineMachine({
  machine: contactFormMachine,
  events: contactFormModelEvents,
  purpose: 'Landing page link request form',
  feature: 'Access',
});
