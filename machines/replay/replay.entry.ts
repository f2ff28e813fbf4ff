import { defineMachine } from '../registry-entry';
import { replayMachine } from './replay.machine';
import { replayModelEvents } from './replay.model';

export const replayEntry = defineMachine({
  machine: replayMachine, events: replayModelEvents, feature: 'Session and navigation',
  purpose: 'Saved actions per token, vendor and location, replayed once the selected location has loaded',
});
