import { assign, setup } from 'xstate';
import {
  canSaveSchedule, DEFAULT_SCHEDULE, valueAfterUnitChange, type ScheduleForm, type ScheduleUnit,
} from '../../core/rules/statement-schedule';
import { deleteDelivery, loadDeliveries, saveDelivery, type LocationScope, type StatementDelivery, type StatementDeliveryList } from './statement.actors';

export interface StatementDeliveryContext {
  input: LocationScope;
  /** The current delivery (the list's first); null = not set up (spec §3: empty id). */
  saved: StatementDelivery | null;
  /** What the form shows. Starts from the saved delivery, else the default (weekly on mon). */
  form: ScheduleForm;
  /** Set by a successful Turn On / Update: the view then says "…has been updated to …". */
  updated: boolean;
}

export type StatementDeliveryEvent =
  | { type: 'delivery.unit'; unit: ScheduleUnit }
  | { type: 'delivery.value'; value: string }
  | { type: 'delivery.sendEmpty'; checked: boolean }
  | { type: 'delivery.save' }
  | { type: 'delivery.turnOff' }
  | { type: 'delivery.confirmOff' }
  | { type: 'delivery.keep' };

const formOf = (d: StatementDelivery | null): ScheduleForm =>
  d ? { scheduleUnit: d.scheduleUnit, scheduleValue: d.scheduleValue, sendEmptyStatements: d.sendEmptyStatements } : { ...DEFAULT_SCHEDULE };

/**
 * Statement delivery settings (recurring §2.5, §4, §8): the loading, created and deleted flags each with a failure:
 *
 * loading ──▶ ready ⇄ (unit / value / sendEmpty edits) ──save [valid]──▶ saving ──▶ ready (updated) | saveFailed
 *         └─▶ loadFailed      └─turnOff [saved]──▶ confirmingOff ──confirm──▶ deleting ──▶ ready (not set up) | deleteFailed
 *                                                               └─keep──▶ ready
 * A failure shows "Sorry, something went wrong…" with every button disabled: the failed states accept no event.
 * Switching the frequency resets the value (§2.5); save is valid per `canSaveSchedule`.
 */
export const statementDeliveryMachine = setup({
  types: {} as { context: StatementDeliveryContext; events: StatementDeliveryEvent; input: LocationScope },
  actors: { loadDeliveries, saveDelivery, deleteDelivery },
  guards: {
    canSave: ({ context }) => canSaveSchedule(context.form, context.saved ? formOf(context.saved) : null),
    isSetUp: ({ context }) => context.saved !== null,
    unitChanges: ({ context, event }) => event.type === 'delivery.unit' && event.unit !== context.form.scheduleUnit,
  },
  actions: {
    storeList: assign(({ context }, list: StatementDeliveryList) => {
      const saved = list.statementDeliveries[0] ?? null;
      return { saved, form: saved ? formOf(saved) : context.form };
    }),
    markUpdated: assign({ updated: true }),
    clearSaved: assign({ saved: null, updated: false }),
  },
}).createMachine({
  id: 'statementDelivery',
  context: ({ input }) => ({ input, saved: null, form: { ...DEFAULT_SCHEDULE }, updated: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDeliveries',
        src: 'loadDeliveries',
        input: ({ context }) => context.input,
        onDone: { target: 'ready', actions: { type: 'storeList', params: ({ event }) => event.output } },
        onError: 'loadFailed',
      },
    },
    loadFailed: {},
    ready: {
      on: {
        'delivery.unit': {
          guard: 'unitChanges',
          actions: assign({ form: ({ context, event }) => ({ ...context.form, scheduleUnit: event.unit, scheduleValue: valueAfterUnitChange(event.unit) }) }),
        },
        'delivery.value': { actions: assign({ form: ({ context, event }) => ({ ...context.form, scheduleValue: event.value }) }) },
        'delivery.sendEmpty': { actions: assign({ form: ({ context, event }) => ({ ...context.form, sendEmptyStatements: event.checked }) }) },
        'delivery.save': { guard: 'canSave', target: 'saving' },
        'delivery.turnOff': { guard: 'isSetUp', target: 'confirmingOff' },
      },
    },
    saving: {
      invoke: {
        id: 'saveDelivery',
        src: 'saveDelivery',
        input: ({ context }) => ({
          ...context.input,
          body: { scheduleUnit: context.form.scheduleUnit!, scheduleValue: context.form.scheduleValue!, sendEmptyStatements: context.form.sendEmptyStatements },
        }),
        onDone: { target: 'ready', actions: [{ type: 'storeList', params: ({ event }) => event.output }, 'markUpdated'] },
        onError: 'saveFailed',
      },
    },
    saveFailed: {},
    confirmingOff: { on: { 'delivery.confirmOff': 'deleting', 'delivery.keep': 'ready' } },
    deleting: {
      invoke: {
        id: 'deleteDelivery',
        src: 'deleteDelivery',
        input: ({ context }) => ({ ...context.input, deliveryId: context.saved!.id }),
        onDone: { target: 'ready', actions: 'clearSaved' },
        onError: 'deleteFailed',
      },
    },
    deleteFailed: {},
  },
});
