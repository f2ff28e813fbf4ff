import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import type { SettingsPatch, VendorSettings } from './console-settings.actors';
import { patchOf, type consoleSettingsMachine } from './console-settings.machine';

export const settingsModelInput = { editable: true };

/** The demo vendor's settings (openapi/vendor.yaml `getSettings` example), without a logo. */
export const settingsSample: VendorSettings = {
  displayName: 'Performance Foodservice – Carolina',
  appName: 'PerformancePay',
  logoUrl: null,
  c2pPaymentDays: 30,
  autoPayStartDateTimeFrame: 10,
  paymentConfigs: [
    { provider: 'plastiq-cc', type: 'CC', serviceFee: '2.9' },
    { provider: 'priority-ach', type: 'ACH', serviceFee: null },
  ],
  eodCutoff: { hour: 17, timezone: 'America/New_York' },
  featureFlags: { autopay: true, click2Pay: true, statements: true, displayInvoicePoRefId: false },
  invoiceFilterColumns: ['shipTo'],
};

export const SAMPLE_LOGO_URL = '/vendor-images/7c9e6679-7425-40de-944b-e07fc1f90ae7/logo.png';
/** A 1×1 PNG, as a file's bytes read to base64. */
export const SAMPLE_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The settings the server answers after a patch (what `PATCH /settings` does to them). */
export function settingsAfter(settings: VendorSettings, patch: SettingsPatch): VendorSettings {
  const flags: Record<string, boolean> = { ...settings.featureFlags };
  for (const [flag, value] of Object.entries(patch.featureFlags ?? {})) {
    if (value === null) delete flags[flag];
    else flags[flag] = value as boolean;
  }
  return {
    ...settings,
    displayName: patch.displayName ?? settings.displayName,
    appName: patch.appName ?? settings.appName,
    logoUrl: patch.logo === null ? null : patch.logo ? SAMPLE_LOGO_URL : settings.logoUrl,
    c2pPaymentDays: patch.c2pPaymentDays === undefined ? settings.c2pPaymentDays : patch.c2pPaymentDays,
    autoPayStartDateTimeFrame: patch.autoPayStartDateTimeFrame === undefined ? settings.autoPayStartDateTimeFrame : patch.autoPayStartDateTimeFrame,
    paymentConfigs: settings.paymentConfigs.map((c) => {
      const fees = patch.cardServiceFees as Record<string, string | null> | undefined;
      return fees && c.provider in fees ? { ...c, serviceFee: fees[c.provider] ?? null } : c;
    }),
    eodCutoff: { ...settings.eodCutoff, ...patch.eodCutoff },
    featureFlags: flags,
    invoiceFilterColumns: patch.invoiceFilterColumns ?? settings.invoiceFilterColumns,
  };
}

/**
 * Model events, one edit after another so the walk stays short: the settings' answer, offline, retry; a file of
 * another kind refused, a PNG read (or unreadable), the new logo removed or kept; the product name changed, a card
 * fee above the cap (nothing can be saved) then within it, a flag turned off, the ship-to column turned off, the hour
 * and time zone of the cut-off; reset; save, answered with the new settings or refused in the server's words.
 */
export function consoleSettingsModelEvents(snapshot: SnapshotFrom<typeof consoleSettingsMachine>): EventObject[] {
  const { draft, settings, logoProblem } = snapshot.context;
  const S = settingsSample;
  const changed = settings ? Object.keys(patchOf(settings, draft)).length > 0 : false;
  const untouched = draft.appName === (settings?.appName ?? S.appName) && !changed;
  const candidates: AnyEventObject[] = [
    { type: 'settings.retry' },
    { type: 'xstate.done.actor.loadSettings', output: S },
    { type: 'xstate.error.actor.loadSettings', error: new ConsoleApiError(0) },
    // the logo, from untouched settings
    ...(untouched && draft.logo.kind === 'keep' && logoProblem === null && settings?.logoUrl === null
      ? [{ type: 'logo.choose', file: new Blob(['hello'], { type: 'text/plain' }), name: 'notes.txt' }]
      : []),
    ...(untouched && draft.logo.kind === 'keep' && logoProblem === 'type'
      ? [{ type: 'logo.choose', file: new Blob([Uint8Array.from(atob(SAMPLE_PNG_BASE64), (c) => c.charCodeAt(0))], { type: 'image/png' }), name: 'logo.png' }]
      : []),
    ...(draft.logo.kind === 'new' || (draft.logo.kind === 'keep' && settings?.logoUrl && !changed) ? [{ type: 'logo.remove' }] : []),
    ...(draft.logo.kind === 'remove' ? [{ type: 'logo.keep' }] : []),
    // one edit after another
    ...(draft.logo.kind === 'keep' && settings?.logoUrl === null && settings.appName === S.appName && draft.appName === S.appName ? [{ type: 'field.change', field: 'appName', value: 'Carolina Pay' }] : []),
    ...(draft.appName === 'Carolina Pay' && draft.fees['plastiq-cc'] === '2.9' ? [{ type: 'fee.change', provider: 'plastiq-cc', value: '3.5' }] : []),
    ...(draft.fees['plastiq-cc'] === '3.5' ? [{ type: 'fee.change', provider: 'plastiq-cc', value: '2.5' }] : []),
    ...(draft.fees['plastiq-cc'] === '2.5' && draft.flags.statements === 'on' ? [{ type: 'flag.change', flag: 'statements', value: 'off' }] : []),
    ...(draft.flags.statements === 'off' && draft.shipTo ? [{ type: 'shipTo.change', value: false }] : []),
    ...(draft.flags.statements === 'off' && !draft.shipTo && draft.cutoffHour === '17' ? [{ type: 'field.change', field: 'cutoffHour', value: '16' }] : []),
    ...(draft.cutoffHour === '16' && draft.timeZone === 'America/New_York' ? [{ type: 'field.change', field: 'timeZone', value: 'America/Chicago' }] : []),
    // save at three points only: a new logo, the saved logo removed, the end of the edits (reset there too)
    ...(draft.timeZone === 'America/Chicago' && settings?.eodCutoff.timezone !== 'America/Chicago' ? [{ type: 'draft.reset' }] : []),
    ...(draft.logo.kind === 'new' || (draft.logo.kind === 'remove' && settings?.logoUrl) || (draft.timeZone === 'America/Chicago' && settings?.eodCutoff.timezone !== 'America/Chicago')
      ? [{ type: 'settings.save' }]
      : []),
    ...(settings ? [{ type: 'xstate.done.actor.saveSettings', output: settingsAfter(settings, patchOf(settings, draft)) }] : []),
    { type: 'xstate.error.actor.saveSettings', error: new ConsoleApiError(422, 'card_provider_not_offered', 'cardServiceFees.priority-cc: the vendor does not offer this card provider') },
    { type: 'xstate.done.actor.readLogo', output: { contentType: 'image/png', data: SAMPLE_PNG_BASE64, name: 'logo.png' } },
    { type: 'xstate.error.actor.readLogo', error: new Error('The file could not be read.') },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
