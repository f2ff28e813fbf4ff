import { defineMachine } from '../registry-entry';
import { consoleTeamMachine } from './console-team.machine';
import { consoleTeamModelEvents } from './console-team.model';

export const consoleTeamEntry = defineMachine({
  machine: consoleTeamMachine,
  events: consoleTeamModelEvents,
  purpose: 'Console Team page: the vendor’s people and roles; an admin invites, changes a role, removes with a confirmation',
  feature: 'Vendor console',
});
