import { defineMachine } from '../registry-entry';
import { tokenResolutionMachine } from './token-resolution.machine';
import { tokenResolutionModelEvents } from './token-resolution.model';

export const tokenResolutionEntry = defineMachine({
  machine: tokenResolutionMachine,
  input: { token: 'model-token' },
  events: tokenResolutionModelEvents,
  purpose: 'Token entry: token info → redirect or error page',
  feature: 'Access',
});
