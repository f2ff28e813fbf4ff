/** Reminders machine → view model. */
import type { SnapshotFrom } from 'xstate';
import { validateReminderDays, type ReminderDayError } from '../../core/rules/reminders';
import { formEventDay, isDuplicateDay, type remindersMachine } from './reminders.machine';

type Snapshot = SnapshotFrom<typeof remindersMachine>;

export interface RemindersView {
  status: 'loading' | 'failed' | 'ready' | 'adding' | 'creating' | 'confirmingDelete' | 'deleting';
  dayError: ReminderDayError | null;
  /** The modal's message: duplicate day (before or after submit) or the add failure. */
  addMessage: 'duplicate' | 'failed' | null;
  canSubmit: boolean;
}

export function selectReminders(s: Snapshot): RemindersView {
  const c = s.context;
  const needsDays = c.choice === 'before' || c.choice === 'after';
  const dayError = needsDays ? validateReminderDays(c.days) : null;
  const addMessage = c.addError ?? (isDuplicateDay(c) ? 'duplicate' : null);
  return {
    status: s.value as RemindersView['status'],
    dayError,
    addMessage,
    canSubmit: s.matches('adding') && c.addError === null && formEventDay(c) !== null && !isDuplicateDay(c),
  };
}
export const remindersViewEqual = (a: RemindersView, b: RemindersView) =>
  a.status === b.status && a.dayError === b.dayError && a.addMessage === b.addMessage && a.canSubmit === b.canSubmit;
