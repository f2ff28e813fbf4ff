import { assign, setup } from 'xstate';
import { exceedsServiceFeeCap, SERVICE_FEE_CAP_PERCENT } from '../../core/rules/fees';
import { isCardProvider } from '../../core/rules/providers';
import { loadSettings, readImage, saveSettings, type ChosenImage, type FeatureFlagName, type ImageType, type SettingsPatch, type VendorSettings } from './console-settings.actors';

/** The flags of the contract (`VendorFeatureFlags`), in the order the page lists them. */
export const FEATURE_FLAGS = [
  'click2Pay', 'autopay', 'customerManageAutopay', 'statements', 'oneTimeStatements', 'recurringStatements', 'displayExternalInvoiceDate',
  'displayInvoicePoRefId', 'sendCustomerWelcomeCommunications', 'sendPaymentMethodUpdate', 'accountSummary', 'customerLocationReport',
  'click2PayCampaign', 'adoptionAndTraining', 'vendorManage', 'broadCastQuick', 'broadCastCustom', 'accountingQbo', 'qboConnect', 'pro',
  'power', 'vendorDashboardHelp',
] as const satisfies readonly FeatureFlagName[];
// a flag added to the contract and not listed here fails to type-check
const everyFlagListed: Exclude<FeatureFlagName, (typeof FEATURE_FLAGS)[number]> extends never ? true : never = true;
void everyFlagListed;

/** A flag as the form holds it: the vendor's own on or off, or the portal's default. */
export type FlagChoice = 'default' | 'on' | 'off';

/** The flags the portal acts on, each on when the vendor has not set it (the others are product switches). */
export const FLAGS_ON_BY_DEFAULT: readonly FeatureFlagName[] = ['displayExternalInvoiceDate', 'displayInvoicePoRefId', 'customerManageAutopay'];

/** The images a logo may be (openapi/vendor.yaml `ImageUpload`) and their largest size. */
export const IMAGE_TYPES: readonly ImageType[] = ['image/png', 'image/jpeg', 'image/webp'];
export const IMAGE_MAX_BYTES = 512 * 1024;

/** The logo as the form holds it: the one saved, none, or a new image read from a file. */
export type LogoDraft = { kind: 'keep' } | { kind: 'remove' } | { kind: 'new'; image: ChosenImage };

/** The settings as typed (numbers as text, so the form keeps what was typed until it is saved). */
export interface SettingsDraft {
  displayName: string;
  appName: string;
  /** '' → the portal's default */
  c2pPaymentDays: string;
  autoPayStartDateTimeFrame: string;
  /** card provider → its fee in percent ('' → no fee) */
  fees: Record<string, string>;
  cutoffHour: string;
  timeZone: string;
  flags: Record<FeatureFlagName, FlagChoice>;
  shipTo: boolean;
  logo: LogoDraft;
}

export type SettingsField = 'displayName' | 'appName' | 'c2pPaymentDays' | 'autoPayStartDateTimeFrame' | 'cutoffHour' | 'timeZone';

export interface ConsoleSettingsContext {
  /** admins change settings; everyone else reads them */
  editable: boolean;
  settings: VendorSettings | null;
  draft: SettingsDraft;
  /** a file refused before it was read, or one that could not be read */
  logoProblem: 'type' | 'size' | 'unreadable' | null;
  problem: string | null;
  notice: 'saved' | null;
}

export type ConsoleSettingsEvent =
  | { type: 'settings.retry' }
  | { type: 'field.change'; field: SettingsField; value: string }
  | { type: 'fee.change'; provider: string; value: string }
  | { type: 'flag.change'; flag: FeatureFlagName; value: FlagChoice }
  | { type: 'shipTo.change'; value: boolean }
  | { type: 'logo.choose'; file: Blob; name: string }
  | { type: 'logo.remove' }
  | { type: 'logo.keep' }
  | { type: 'draft.reset' }
  | { type: 'settings.save' };

const NUMBER = /^\d{1,3}$/;
const FEE = /^(0|[1-9][0-9]?)(\.[0-9]{1,2})?$/;

/** The card providers the vendor offers: the ones that can carry a service fee. */
export const cardProviders = (settings: VendorSettings) => settings.paymentConfigs.filter((c) => isCardProvider(c.provider));

/** The form's values for saved settings. */
export function draftOf(settings: VendorSettings): SettingsDraft {
  const flags = Object.fromEntries(
    FEATURE_FLAGS.map((f) => [f, settings.featureFlags[f] === undefined ? 'default' : settings.featureFlags[f] ? 'on' : 'off']),
  ) as Record<FeatureFlagName, FlagChoice>;
  return {
    displayName: settings.displayName,
    appName: settings.appName,
    c2pPaymentDays: settings.c2pPaymentDays === null ? '' : String(settings.c2pPaymentDays),
    autoPayStartDateTimeFrame: settings.autoPayStartDateTimeFrame === null ? '' : String(settings.autoPayStartDateTimeFrame),
    fees: Object.fromEntries(cardProviders(settings).map((c) => [c.provider, c.serviceFee ?? ''])),
    cutoffHour: String(settings.eodCutoff.hour),
    timeZone: settings.eodCutoff.timezone,
    flags,
    shipTo: settings.invoiceFilterColumns.includes('shipTo'),
    logo: { kind: 'keep' },
  };
}

const emptyDraft: SettingsDraft = {
  displayName: '', appName: '', c2pPaymentDays: '', autoPayStartDateTimeFrame: '', fees: {}, cutoffHour: '', timeZone: '',
  flags: Object.fromEntries(FEATURE_FLAGS.map((f) => [f, 'default'])) as Record<FeatureFlagName, FlagChoice>, shipTo: false, logo: { kind: 'keep' },
};

/** What is wrong with each field as typed (the server checks again): field → message. */
export function draftProblems(draft: SettingsDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  const name = draft.displayName.trim();
  if (name === '' || name.length > 200) problems.displayName = 'Enter the name your customers know you by (at most 200 characters).';
  const app = draft.appName.trim();
  if (app === '' || app.length > 50) problems.appName = 'Enter the product name (at most 50 characters).';
  const days = (text: string, min: number) => text === '' || (NUMBER.test(text) && Number(text) >= min && Number(text) <= 366);
  if (!days(draft.c2pPaymentDays, 1)) problems.c2pPaymentDays = 'Enter a number of days from 1 to 366, or leave it empty for the default.';
  if (!days(draft.autoPayStartDateTimeFrame, 0)) problems.autoPayStartDateTimeFrame = 'Enter a number of days from 0 to 366, or leave it empty for the default.';
  if (!/^\d{1,2}$/.test(draft.cutoffHour) || Number(draft.cutoffHour) > 23) problems.cutoffHour = 'Choose an hour.';
  if (draft.timeZone === '') problems.timeZone = 'Choose a time zone.';
  for (const [provider, fee] of Object.entries(draft.fees)) {
    const text = fee.trim();
    if (text === '') continue;
    if (!FEE.test(text)) problems[`fee.${provider}`] = 'Enter a percent such as 2.9, or leave it empty for no fee.';
    else if (exceedsServiceFeeCap(text)) problems[`fee.${provider}`] = `The service fee may be at most ${SERVICE_FEE_CAP_PERCENT}%.`;
  }
  return problems;
}

/** The partial update that takes the saved settings to the draft: only what changed (empty → nothing to save). */
export function patchOf(settings: VendorSettings, draft: SettingsDraft): SettingsPatch {
  const saved = draftOf(settings);
  const patch: Record<string, unknown> = {};
  if (draft.displayName.trim() !== saved.displayName) patch.displayName = draft.displayName.trim();
  if (draft.appName.trim() !== saved.appName) patch.appName = draft.appName.trim();
  if (draft.c2pPaymentDays !== saved.c2pPaymentDays) patch.c2pPaymentDays = draft.c2pPaymentDays === '' ? null : Number(draft.c2pPaymentDays);
  if (draft.autoPayStartDateTimeFrame !== saved.autoPayStartDateTimeFrame) {
    patch.autoPayStartDateTimeFrame = draft.autoPayStartDateTimeFrame === '' ? null : Number(draft.autoPayStartDateTimeFrame);
  }
  const fees: Record<string, string | null> = {};
  for (const [provider, fee] of Object.entries(draft.fees)) {
    const text = fee.trim();
    if (text !== (saved.fees[provider] ?? '')) fees[provider] = text === '' ? null : text;
  }
  if (Object.keys(fees).length > 0) patch.cardServiceFees = fees;
  const cutoff: Record<string, unknown> = {};
  if (Number(draft.cutoffHour) !== settings.eodCutoff.hour) cutoff.hour = Number(draft.cutoffHour);
  if (draft.timeZone !== saved.timeZone) cutoff.timezone = draft.timeZone;
  if (Object.keys(cutoff).length > 0) patch.eodCutoff = cutoff;
  const flags: Record<string, boolean | null> = {};
  for (const flag of FEATURE_FLAGS) {
    if (draft.flags[flag] !== saved.flags[flag]) flags[flag] = draft.flags[flag] === 'default' ? null : draft.flags[flag] === 'on';
  }
  if (Object.keys(flags).length > 0) patch.featureFlags = flags;
  if (draft.shipTo !== saved.shipTo) patch.invoiceFilterColumns = draft.shipTo ? ['shipTo'] : [];
  if (draft.logo.kind === 'new') patch.logo = { contentType: draft.logo.image.contentType, data: draft.logo.image.data };
  if (draft.logo.kind === 'remove' && settings.logoUrl !== null) patch.logo = null;
  return patch as SettingsPatch;
}

/** A flag as the portal applies it: the vendor's choice, else the portal's default. */
export function flagOn(draft: SettingsDraft, flag: FeatureFlagName): boolean {
  const choice = draft.flags[flag];
  return choice === 'default' ? FLAGS_ON_BY_DEFAULT.includes(flag) : choice === 'on';
}

const messageOf = (error: unknown) => (error as { message?: string } | undefined)?.message ?? 'That did not reach PerformancePay. Try again.';

/**
 * The console's settings: branding and logo, card service fees (capped), the payment windows, the end-of-day cut-off
 * and time zone, feature flags and invoice columns — read by every role, changed by admins, with a preview of the
 * customer's portal drawn from what is typed.
 *
 * loading ──▶ ready | failed (retry)
 * ready ──field/fee/flag/shipTo change──▶ ready (the draft; the preview follows)
 * ready ──logo.choose [an image ≤ 512 KiB]──▶ readingLogo ──▶ ready (the new logo, previewed) | ready (unreadable)
 *       └─[another kind or larger]──▶ ready (logoProblem)
 * ready ──settings.save [admin; something changed; nothing wrong]──▶ saving ──▶ ready (saved; the draft is the answer)
 *                                                                       └─error──▶ ready (the server's words; the draft kept)
 */
export const consoleSettingsMachine = setup({
  types: {} as { context: ConsoleSettingsContext; events: ConsoleSettingsEvent; input: { editable: boolean } },
  actors: { loadSettings, saveSettings, readImage },
  guards: {
    editable: ({ context }) => context.editable,
    imageAccepted: ({ context, event }) =>
      context.editable && event.type === 'logo.choose' && IMAGE_TYPES.includes(event.file.type as ImageType) && event.file.size <= IMAGE_MAX_BYTES,
    imageRefused: ({ context, event }) => context.editable && event.type === 'logo.choose',
    saveable: ({ context }) =>
      context.editable && context.settings !== null && Object.keys(draftProblems(context.draft)).length === 0 && Object.keys(patchOf(context.settings, context.draft)).length > 0,
  },
}).createMachine({
  id: 'consoleSettings',
  context: ({ input }) => ({ editable: input.editable, settings: null, draft: emptyDraft, logoProblem: null, problem: null, notice: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output, draft: ({ event }) => draftOf(event.output) }) },
        onError: { target: 'failed' },
      },
    },
    failed: { on: { 'settings.retry': { target: 'loading' } } },
    ready: {
      on: {
        'field.change': { guard: 'editable', actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }), notice: null, problem: null }) },
        'fee.change': {
          guard: 'editable',
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, fees: { ...context.draft.fees, [event.provider]: event.value } }), notice: null, problem: null }),
        },
        'flag.change': {
          guard: 'editable',
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, flags: { ...context.draft.flags, [event.flag]: event.value } }), notice: null, problem: null }),
        },
        'shipTo.change': { guard: 'editable', actions: assign({ draft: ({ context, event }) => ({ ...context.draft, shipTo: event.value }), notice: null, problem: null }) },
        'logo.choose': [
          { guard: 'imageAccepted', target: 'readingLogo', actions: assign({ logoProblem: null, notice: null, problem: null }) },
          {
            guard: 'imageRefused',
            actions: assign({ logoProblem: ({ event }) => (IMAGE_TYPES.includes(event.file.type as ImageType) ? 'size' : 'type'), notice: null }),
          },
        ],
        'logo.remove': { guard: 'editable', actions: assign({ draft: ({ context }) => ({ ...context.draft, logo: { kind: 'remove' } as LogoDraft }), logoProblem: null, notice: null, problem: null }) },
        'logo.keep': { guard: 'editable', actions: assign({ draft: ({ context }) => ({ ...context.draft, logo: { kind: 'keep' } as LogoDraft }), logoProblem: null }) },
        'draft.reset': { guard: 'editable', actions: assign({ draft: ({ context }) => draftOf(context.settings!), logoProblem: null, problem: null, notice: null }) },
        'settings.save': { guard: 'saveable', target: 'saving', actions: assign({ problem: null, notice: null }) },
      },
    },
    readingLogo: {
      invoke: {
        id: 'readLogo',
        src: 'readImage',
        input: ({ event }) => {
          const e = event as Extract<ConsoleSettingsEvent, { type: 'logo.choose' }>;
          return { file: e.file, name: e.name, contentType: e.file.type as ImageType };
        },
        onDone: { target: 'ready', actions: assign({ draft: ({ context, event }) => ({ ...context.draft, logo: { kind: 'new', image: event.output } as LogoDraft }) }) },
        onError: { target: 'ready', actions: assign({ logoProblem: 'unreadable' }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({ patch: patchOf(context.settings!, context.draft) }),
        onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output, draft: ({ event }) => draftOf(event.output), notice: 'saved' }) },
        onError: { target: 'ready', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
      },
    },
  },
});
