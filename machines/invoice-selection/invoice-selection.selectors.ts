import type { SnapshotFrom } from 'xstate';
import type { InvoiceAdjustment, invoiceSelectionMachine } from './invoice-selection.machine';

type Snapshot = Pick<SnapshotFrom<typeof invoiceSelectionMachine>, 'context'>;

export const selectSelected = (s: Snapshot): ReadonlySet<string> => s.context.selected;
export const selectAdjustments = (s: Snapshot): InvoiceAdjustment[] => s.context.adjustments;
export const selectShowAll = (s: Snapshot): boolean => s.context.showAll;
