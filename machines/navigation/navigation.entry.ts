import { defineMachine } from '../registry-entry';
import { navigationMachine } from './navigation.machine';
import { navigationModelEvents } from './navigation.model';

export const navigationEntry = defineMachine({
  machine: navigationMachine,
  events: navigationModelEvents,
  purpose: 'Session navigation history',
  feature: 'Session and navigation',
});
