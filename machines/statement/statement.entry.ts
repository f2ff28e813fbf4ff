import { defineMachine } from '../registry-entry';
import { adBannerMachine } from './ad-banner.machine';
import { statementDeliveryMachine } from './statement-delivery.machine';
import { statementMachine } from './statement.machine';
import { adBannerModelEvents, modelAdInput, modelStatementInput, statementDeliveryModelEvents, statementModelEvents } from './statement.model';

export const statementEntry = defineMachine({
  machine: statementMachine,
  input: modelStatementInput,
  events: statementModelEvents,
  purpose: 'Statement page: load (loaded | empty | failed), statement request marked once',
  feature: 'Statements and reminders',
});

export const adBannerEntry = defineMachine({
  machine: adBannerMachine,
  input: modelAdInput,
  events: adBannerModelEvents,
  purpose: 'Vendor ad banner: 500 ms rotation checks, 1 s slide, impressions once, clicks',
  feature: 'Statements and reminders',
});

export const statementDeliveryEntry = defineMachine({
  machine: statementDeliveryMachine,
  input: modelStatementInput,
  events: statementDeliveryModelEvents as never,
  purpose: 'Statement delivery settings: load, Turn On / Update, Turn Off with confirmation',
  feature: 'Statements and reminders',
});
