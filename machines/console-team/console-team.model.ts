import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import type { VendorUser } from './console-team.actors';
import type { consoleTeamMachine } from './console-team.machine';

export const teamSample: VendorUser[] = [
  { id: '6b1f9c1e-1d7e-4f44-9d0e-2f5d6c1a7b10', email: 'dana@vendor.example', name: 'Dana Whitfield', role: 'admin', createdAt: '2026-11-20T15:00:00.000Z', lastSignInAt: '2026-11-29T04:05:00.000Z' },
  { id: '0c2d7e55-8a3b-4c9e-b2d1-5f6a7b8c9d01', email: 'sam@vendor.example', name: 'Sam Ortiz', role: 'ar', createdAt: '2026-11-21T09:30:00.000Z', lastSignInAt: null },
];
export const invitedSample: VendorUser = { id: '3f0e2b9a-7c1d-4e5f-8a6b-9c0d1e2f3a4b', email: 'vic@vendor.example', name: null, role: 'ar', createdAt: '2026-11-29T04:10:00.000Z', lastSignInAt: null };

/**
 * Model events: the invitation form (one address of each kind, until Vic is invited), Sam's role from AR to viewer (once)
 * and Sam's removal, and each answer. Bounded so that the graph is finite: each person is invited, changed and removed at
 * most once.
 */
export function consoleTeamModelEvents(snapshot: SnapshotFrom<typeof consoleTeamMachine>): EventObject[] {
  const { draft, target, users } = snapshot.context;
  const sam = users.find((u) => u.email === 'sam@vendor.example');
  const invited = users.some((u) => u.email === invitedSample.email);
  const candidates: AnyEventObject[] = [
    { type: 'team.retry' },
    ...(invited ? [] : ['not-an-address', invitedSample.email].filter((value) => value !== draft.email).map((value) => ({ type: 'invite.change', field: 'email', value }))),
    { type: 'invite.submit' },
    ...(sam?.role === 'ar' ? [{ type: 'role.change', userId: sam.id, role: 'viewer' }] : []),
    ...(sam ? [{ type: 'remove.ask', userId: sam.id }] : []),
    { type: 'remove.confirm' },
    { type: 'remove.cancel' },
    { type: 'xstate.done.actor.loadTeam', output: teamSample },
    { type: 'xstate.error.actor.loadTeam', error: new ConsoleApiError(0) },
    ...(invited ? [] : [{ type: 'xstate.done.actor.inviteUser', output: invitedSample }]),
    { type: 'xstate.error.actor.inviteUser', error: new ConsoleApiError(409, 'user_exists') },
    ...(target?.role ? [{ type: 'xstate.done.actor.changeRole', output: { ...users.find((u) => u.id === target.userId)!, role: target.role } }] : []),
    { type: 'xstate.error.actor.changeRole', error: new ConsoleApiError(409, 'last_admin') },
    { type: 'xstate.done.actor.removeUser' },
    { type: 'xstate.error.actor.removeUser', error: new ConsoleApiError(0) },
  ];
  return candidates.filter((event) => snapshot.can(event as never));
}
