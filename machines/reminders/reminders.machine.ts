import { assign, setup } from 'xstate';
import { reminderEventDay, type ReminderChoice } from '../../core/rules/reminders';
import { createCampaign, deleteCampaign, isDuplicateError, loadCampaigns, type Campaign, type CampaignList, type LocationScope } from './reminders.actors';

export interface RemindersContext {
  input: LocationScope;
  campaigns: Campaign[];
  contactId: string;
  deliverTo: string;
  /** The "Add a Reminder" form. */
  choice: ReminderChoice | null;
  days: string;
  /** Outcome of the last submit, shown in the modal until the form changes. */
  addError: 'duplicate' | 'failed' | null;
  /** The reminder the delete modal is about. */
  deleting: Campaign | null;
  deleteFailed: boolean;
}

export type RemindersEvent =
  | { type: 'reminder.add' }
  | { type: 'reminder.choose'; choice: ReminderChoice }
  | { type: 'reminder.days'; text: string }
  | { type: 'reminder.submit' }
  | { type: 'reminder.cancel' }
  | { type: 'reminder.delete'; campaignId: string }
  | { type: 'reminder.confirmDelete' }
  | { type: 'reminder.keep' };

const byEventDay = (list: Campaign[]) => [...list].sort((a, b) => a.eventDay - b.eventDay);

/** The eventDay the form would submit, or null. */
export function formEventDay(context: Pick<RemindersContext, 'choice' | 'days'>): number | null {
  return reminderEventDay(context.choice, context.days);
}

/** §5: a second reminder for the same day. */
export function isDuplicateDay(context: Pick<RemindersContext, 'choice' | 'days' | 'campaigns'>): boolean {
  const day = formEventDay(context);
  return day !== null && context.campaigns.some((c) => c.eventDay === day);
}

/**
 * Payment reminders (recurring §2.6, §4, §5, §8):
 *
 * loading ──▶ ready ──add──▶ adding ──submit [valid, new day]──▶ creating ──▶ ready (listed) | adding (duplicate / failed)
 *         └─▶ failed  └─delete──▶ confirmingDelete ──confirm──▶ deleting ──▶ ready (removed) | confirmingDelete (failed)
 *                                            └─keep──▶ ready
 * Submit is refused while the value is invalid, names a day that already has a reminder, is unchanged since a failed
 * submit (the error stays until the form changes) or while saving (no submit in `creating`).
 */
export const remindersMachine = setup({
  types: {} as { context: RemindersContext; events: RemindersEvent; input: LocationScope },
  actors: { loadCampaigns, createCampaign, deleteCampaign },
  guards: {
    canSubmit: ({ context }) => context.addError === null && formEventDay(context) !== null && !isDuplicateDay(context),
    isDuplicate: (_, error: unknown) => isDuplicateError(error),
    knownCampaign: ({ context, event }) => event.type === 'reminder.delete' && context.campaigns.some((c) => c.id === event.campaignId),
  },
  actions: {
    storeList: assign((_, list: CampaignList) => ({ campaigns: byEventDay(list.campaigns), contactId: list.contactId, deliverTo: list.deliverTo })),
    resetForm: assign({ choice: null, days: '', addError: null }),
  },
}).createMachine({
  id: 'reminders',
  context: ({ input }) => ({ input, campaigns: [], contactId: '', deliverTo: '', choice: null, days: '', addError: null, deleting: null, deleteFailed: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCampaigns',
        src: 'loadCampaigns',
        input: ({ context }) => context.input,
        onDone: { target: 'ready', actions: { type: 'storeList', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: {},
    ready: {
      on: {
        'reminder.add': { target: 'adding', actions: 'resetForm' },
        'reminder.delete': {
          guard: 'knownCampaign',
          target: 'confirmingDelete',
          actions: assign({ deleting: ({ context, event }) => context.campaigns.find((c) => c.id === event.campaignId) ?? null, deleteFailed: false }),
        },
      },
    },
    adding: {
      on: {
        'reminder.choose': { actions: assign({ choice: ({ event }) => event.choice, addError: null }) },
        'reminder.days': { actions: assign({ days: ({ event }) => event.text, addError: null }) },
        'reminder.submit': { guard: 'canSubmit', target: 'creating' },
        'reminder.cancel': { target: 'ready', actions: 'resetForm' },
      },
    },
    creating: {
      invoke: {
        id: 'createCampaign',
        src: 'createCampaign',
        input: ({ context }) => ({ ...context.input, eventDay: formEventDay(context)!, contactId: context.contactId }),
        onDone: { target: 'ready', actions: [assign({ campaigns: ({ context, event }) => byEventDay([...context.campaigns, event.output]) }), 'resetForm'] },
        onError: [
          { guard: { type: 'isDuplicate', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'adding', actions: assign({ addError: 'duplicate' }) },
          { target: 'adding', actions: assign({ addError: 'failed' }) },
        ],
      },
    },
    confirmingDelete: { on: { 'reminder.confirmDelete': 'deleting', 'reminder.keep': 'ready' } },
    deleting: {
      invoke: {
        id: 'deleteCampaign',
        src: 'deleteCampaign',
        input: ({ context }) => ({ ...context.input, campaignId: context.deleting!.id }),
        onDone: { target: 'ready', actions: assign({ campaigns: ({ context }) => context.campaigns.filter((c) => c.id !== context.deleting!.id), deleting: null }) },
        onError: { target: 'confirmingDelete', actions: assign({ deleteFailed: true }) },
      },
    },
  },
});
