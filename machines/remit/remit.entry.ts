import { defineMachine } from '../registry-entry';
import { remitFormMachine } from './remit-form.machine';
import { remitPrintMachine } from './remit-print.machine';
import { modelRemitInput, remitFormModelEvents, remitPrintModelEvents } from './remit.model';

export const remitFormEntry = defineMachine({
  machine: remitFormMachine, input: modelRemitInput, events: remitFormModelEvents, feature: 'Remit form',
  purpose: 'Remit form: open invoices → rows (or 5 blank rows), row selection, tri-state select-all, amounts and comments',
});
export const remitPrintEntry = defineMachine({
  machine: remitPrintMachine, input: modelRemitInput, events: remitPrintModelEvents, feature: 'Remit form',
  purpose: 'Remit form print (then the "Remit form printed" journey, errors ignored) and the server PDF download',
});
