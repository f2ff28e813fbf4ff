import type { AnyEventObject as EventObject } from 'xstate';
import type { SelectionEvent } from './selection.machine';

/** Model events: the path names a vendor, then a vendor and a location. */
export function selectionModelEvents(): EventObject[] {
  const events: SelectionEvent[] = [
    { type: 'selection.path', vendorId: '0b7a8c1e-5a4d-4a8e-8a59-3f0f4f1d2c01', locationId: null },
    { type: 'selection.path', vendorId: '0b7a8c1e-5a4d-4a8e-8a59-3f0f4f1d2c01', locationId: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' },
  ];
  return events;
}
