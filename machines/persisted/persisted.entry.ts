import { defineMachine } from '../registry-entry';
import { persistedMachine } from './persisted.machine';
import { persistedModelEvents } from './persisted.model';

export const persistedEntry = defineMachine({
  machine: persistedMachine,
  events: persistedModelEvents,
  purpose: 'Persisted store (local storage, version 1)',
  feature: 'Session and navigation',
});
