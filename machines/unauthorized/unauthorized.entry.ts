import { defineMachine } from '../registry-entry';
import { unauthorizedMachine } from './unauthorized.machine';
import { unauthorizedModelEvents } from './unauthorized.model';

export const unauthorizedEntry = defineMachine({
  machine: unauthorizedMachine,
  events: unauthorizedModelEvents,
  purpose: '401/403 → clear session, debounced redirect to the error page',
  feature: 'Access',
});
