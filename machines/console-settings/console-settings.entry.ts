import { defineMachine } from '../registry-entry';
import { consoleSettingsMachine } from './console-settings.machine';
import { consoleSettingsModelEvents, settingsModelInput } from './console-settings.model';

export const consoleSettingsEntry = defineMachine({
  machine: consoleSettingsMachine,
  events: consoleSettingsModelEvents,
  input: settingsModelInput,
  purpose: 'Console settings: branding and logo, card service fees (capped), payment windows, cut-off and time zone, feature flags and invoice columns — read by every role, changed by admins, with a preview of the customer’s portal',
  feature: 'Vendor console',
});
