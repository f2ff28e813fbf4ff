import { defineMachine } from '../registry-entry';
import { remindersMachine } from './reminders.machine';
import { modelRemindersInput, remindersModelEvents } from './reminders.model';

export const remindersEntry = defineMachine({
  machine: remindersMachine,
  input: modelRemindersInput,
  events: remindersModelEvents as never,
  purpose: 'Payment reminders: list, add (validation, duplicate day), delete with confirmation',
  feature: 'Statements and reminders',
});
