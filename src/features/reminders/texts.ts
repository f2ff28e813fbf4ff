/** Reminder texts (recurring §2.6, §5, §8; verbatim where the spec quotes them). */
import { REMINDER_DAY_ERRORS } from '../../../core/rules/reminders';

export const reminderTexts = {
  title: 'Setup Payment Reminders',
  intro: (deliverTo: string) =>
    `Reminders are sent to ${deliverTo || 'you'} based on each invoice's due date, for every open invoice that is not yet paid or scheduled.`,
  scheduleTitle: 'Reminder Schedule',
  tableLabel: 'Reminder Schedule',
  columns: { time: 'Time', actions: 'Actions' },
  delete: 'Delete',
  deleteLabel: (time: string) => `Delete the reminder ${time}`,
  none: 'No Reminders are currently set up.',
  add: 'Add a Reminder',
  loading: 'Loading your reminders',
  loadFailed: 'We were unable to load your reminders. Please refresh your browser window to try again.',
  modalTitle: 'Add a Reminder',
  choicesLabel: 'When should we remind you?',
  choices: { dueDate: 'On Invoice Due Date', before: 'Days before an Invoice is Due', after: 'Days after an Invoice was Due' },
  daysLabel: 'Number of days',
  save: 'Set Reminder',
  cancel: 'Cancel',
  duplicate: 'You already have a reminder set for that day.',
  addFailed: 'Could not add a reminder. Please refresh the page.',
  dayErrors: REMINDER_DAY_ERRORS,
  deleteTitle: 'Delete the Reminder',
  deleteText: (time: string) => `Stop the reminder ${time}?`,
  confirmDelete: 'Delete',
  keep: 'Keep',
  deleteFailed: 'Could not delete the reminder. Please refresh the page.',
  back: 'Back to Dashboard',
} as const;
