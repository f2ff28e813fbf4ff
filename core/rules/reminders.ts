/**
 * Reminder rules shared by the reminders machine and views (recurring §2.6, §5, §9): the three choices, the days
 * validation with the spec's texts, and eventDay (0 due date, negative before, positive after).
 */
export type ReminderChoice = 'dueDate' | 'before' | 'after';

export const REMINDER_DAYS_MAX = 90;

/** §5 texts, verbatim (including the spec's "more then"). */
export const REMINDER_DAY_ERRORS = {
  numbersOnly: 'Please use numbers only.',
  tooMany: 'Days cannot be more then 90.',
  zero: 'Days cannot be 0.',
} as const;
export type ReminderDayError = keyof typeof REMINDER_DAY_ERRORS;

/** §5: blank is allowed (no message, but nothing to submit); digits only; 1 to 90. */
export function validateReminderDays(text: string): ReminderDayError | null {
  if (text === '') return null;
  if (!/^[0-9]+$/.test(text)) return 'numbersOnly';
  const n = Number(text);
  if (n === 0) return 'zero';
  if (n > REMINDER_DAYS_MAX) return 'tooMany';
  return null;
}

/** The eventDay of a complete, valid choice; null while the form has nothing valid to submit. */
export function reminderEventDay(choice: ReminderChoice | null, days: string): number | null {
  if (choice === 'dueDate') return 0;
  if (choice === null || days === '' || validateReminderDays(days) !== null) return null;
  return choice === 'before' ? -Number(days) : Number(days);
}

/** The Time column of the Reminder Schedule. */
export function describeEventDay(eventDay: number): string {
  if (eventDay === 0) return 'On Invoice Due Date';
  const n = Math.abs(eventDay);
  const days = `${n} ${n === 1 ? 'Day' : 'Days'}`;
  return eventDay < 0 ? `${days} before an Invoice is Due` : `${days} after an Invoice was Due`;
}
