import { defineMachine } from '../registry-entry';
import { consoleAdsMachine } from './console-ads.machine';
import { adsModelInput, consoleAdsModelEvents } from './console-ads.model';

export const consoleAdsEntry = defineMachine({
  machine: consoleAdsMachine,
  events: consoleAdsModelEvents,
  input: adsModelInput,
  purpose: 'Console Content — statement ads: the rotating banner of the customer’s statement page, listed with their images; add one (an image read and previewed, a click address, order and seconds), change one, remove one after a confirmation',
  feature: 'Vendor console',
});
