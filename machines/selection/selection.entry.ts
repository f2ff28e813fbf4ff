import { defineMachine } from '../registry-entry';
import { chooserMachine } from './chooser.machine';
import { chooserModelEvents } from './chooser.model';
import { selectionMachine } from './selection.machine';
import { selectionModelEvents } from './selection.model';

export const chooserEntry = defineMachine({
  machine: chooserMachine,
  events: chooserModelEvents,
  purpose: 'Vendor / location chooser with auto-forward',
  feature: 'Session and navigation',
});

export const selectionEntry = defineMachine({
  machine: selectionMachine,
  events: selectionModelEvents,
  purpose: 'Selected vendor and location follow the path',
  feature: 'Session and navigation',
});
