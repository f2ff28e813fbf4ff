import { defineMachine } from '../registry-entry';
import { invoiceJourneyMachine } from './invoice-journey.machine';
import { invoiceJourneyModelEvents, modelJourneyInput } from './invoice-journey.model';

export const invoiceJourneyEntry = defineMachine({
  machine: invoiceJourneyMachine,
  input: modelJourneyInput,
  events: invoiceJourneyModelEvents,
  purpose: 'Invoice journey: history load, mark messages read, the add-comment modal',
  feature: 'Invoice journey',
});
