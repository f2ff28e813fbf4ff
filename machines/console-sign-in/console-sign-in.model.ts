import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import type { consoleSignInMachine } from './console-sign-in.machine';

export const consoleSignInModelToken = 'q0Vd8nJx2Lr5sTz7wY1aBcDeFgHiJkLmNoPqRsTuVw0';
export const consoleSignInModelValues = { invalid: 'not-an-address', valid: 'dana@vendor.example' } as const;

export const consoleSessionSample = {
  user: { id: '6b1f9c1e-1d7e-4f44-9d0e-2f5d6c1a7b10', email: 'dana@vendor.example', name: 'Dana Whitfield', role: 'admin' as const },
  vendor: { id: '11111111-1111-4111-8111-111111111111', name: 'PerformanceFood', displayName: 'Performance Foodservice – Carolina', timeZone: 'America/New_York' },
  expiresAt: '2026-11-29T16:05:00.000Z',
  idleExpiresAt: '2026-11-29T04:35:00.000Z',
  secondFactor: 'passed' as const,
  passkeys: 1,
};

/** Model events: the address (one of each kind), the buttons, and each actor's answers (one of each kind of error). */
export function consoleSignInModelEvents(snapshot: SnapshotFrom<typeof consoleSignInMachine>): EventObject[] {
  const candidates: AnyEventObject[] = [
    // the page arrived from a link (before anything was typed), or the e-mailed link was opened in this tab
    ...((snapshot.context.email === '' && snapshot.context.problem === null) || snapshot.matches('sent') ? [{ type: 'link.open', token: consoleSignInModelToken }] : []),
    ...Object.values(consoleSignInModelValues).filter((value) => value !== snapshot.context.email).map((value) => ({ type: 'email.change', value })),
    { type: 'link.request' },
    { type: 'link.again' },
    { type: 'xstate.done.actor.requestSignInLink' },
    { type: 'xstate.error.actor.requestSignInLink', error: new ConsoleApiError(429, 'rate_limited') },
    { type: 'xstate.error.actor.requestSignInLink', error: new ConsoleApiError(0) },
    { type: 'xstate.done.actor.createSession', output: consoleSessionSample },
    { type: 'xstate.error.actor.createSession', error: new ConsoleApiError(401, 'invalid_link') },
    { type: 'xstate.error.actor.createSession', error: new ConsoleApiError(503, 'unavailable') },
  ];
  return candidates.filter((event) => snapshot.can(event as never));
}
