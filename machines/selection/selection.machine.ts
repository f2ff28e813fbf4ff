import { assign, setup } from 'xstate';

export interface SelectionContext {
  selectedVendorId: string | null;
  selectedLocationId: string | null;
}

export type SelectionEvent = { type: 'selection.path'; vendorId: string | null; locationId: string | null };

/**
 * The selected vendor and location (store slices `vendors.selectedVendorId`,
 * `locations.selectedLocationId`). The router sends the ids found in the path; an id that
 * differs from the selected one becomes the selection (spec §2 routing rules).
 */
export const selectionMachine = setup({
  types: {} as { context: SelectionContext; events: SelectionEvent },
  guards: {
    pathDiffers: ({ context, event }) =>
      (event.vendorId !== null && event.vendorId !== context.selectedVendorId) ||
      (event.locationId !== null && event.locationId !== context.selectedLocationId),
  },
}).createMachine({
  id: 'selection',
  context: { selectedVendorId: null, selectedLocationId: null },
  initial: 'tracking',
  states: {
    tracking: {
      on: {
        'selection.path': {
          guard: 'pathDiffers',
          actions: assign(({ context, event }) => {
            const vendorChanged = event.vendorId !== null && event.vendorId !== context.selectedVendorId;
            return {
              selectedVendorId: event.vendorId ?? context.selectedVendorId,
              // A different vendor drops a location that belonged to the previous one.
              selectedLocationId: event.locationId ?? (vendorChanged ? null : context.selectedLocationId),
            };
          }),
        },
      },
    },
  },
});
