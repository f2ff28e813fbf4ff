// @vitest-environment happy-dom
/**
 * Model-based walk of the console's session chart on the REAL frame (header, navigation, sign-out buttons) around the
 * Team page: reading the session, signing out here or everywhere, a call that finds the session ended, and the sign-in
 * page the person lands on with the reason. The calls are promises the walk settles.
 */
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/console-session/console-session.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-session/console-session.actors')>();
  const { pendingActor } = await import('../model-walk');
  return {
    ...original,
    loadSession: pendingActor(network.pending, 'load'),
    endSession: pendingActor(network.pending, 'end'),
    loadPasskeyOptions: pendingActor(network.pending, 'options'),
    usePasskey: pendingActor(network.pending, 'prompt'),
    verifyPasskey: pendingActor(network.pending, 'verify'),
  };
});
// "Your passkeys" below the team stays loading (its own walk: console-passkeys)
vi.mock('../../../machines/console-passkeys/console-passkeys.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-passkeys/console-passkeys.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadPasskeys: pendingActor(network.pending, 'passkeys') };
});
vi.mock('../../../machines/console-team/console-team.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-team/console-team.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadTeam: pendingActor(network.pending, 'team') };
});

import { notifySessionEnded } from '../../../core/api/vendor-client';
import { consoleSessionMachine } from '../../../machines/console-session/console-session.machine';
import { consoleSessionModelEvents } from '../../../machines/console-session/console-session.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const t = consoleTexts.frame;

type Snapshot = SnapshotFrom<typeof consoleSessionMachine>;
const paths = walkPaths<Snapshot>(consoleSessionMachine, consoleSessionModelEvents as never);
let router: ReturnType<typeof createMemoryRouter>;

async function assertState(state: Snapshot) {
  if (state.matches('loading')) {
    expect(await screen.findByRole('status')).toHaveTextContent(t.loading);
    return;
  }
  if (state.matches('unreachable')) {
    expect(await screen.findByRole('alert')).toHaveTextContent(t.unreachable);
    return;
  }
  if (state.matches('signedOut')) {
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    await screen.findByRole('heading', { level: 1, name: consoleTexts.signIn.title });
    const note = state.context.reason === 'ended' ? consoleTexts.signIn.ended : state.context.reason === 'signedOut' ? consoleTexts.signIn.signedOut : null;
    if (note) expect(screen.getByText(note)).toBeInTheDocument();
    else expect(screen.queryByText(consoleTexts.signIn.ended)).toBeNull();
    return;
  }
  const session = state.context.session!;
  expect(await screen.findByText(session.vendor.displayName)).toBeInTheDocument();
  expect(screen.getByText(t.signedInAs(session.user.email, consoleTexts.roles[session.user.role]))).toBeInTheDocument();
  if (session.secondFactor === 'pending') {
    // nothing but the passkey prompt until it is used: no navigation, no page
    await screen.findByRole('heading', { level: 1, name: t.passkeyTitle });
    expect(screen.queryByRole('navigation', { name: t.nav })).toBeNull();
    const use = screen.getByRole('button', { name: t.passkeyUse });
    const busy = state.matches({ secondFactor: 'requesting' }) || state.matches({ secondFactor: 'authenticating' }) || state.matches({ secondFactor: 'verifying' });
    if (busy) expect(use).toHaveAttribute('aria-busy', 'true');
    else expect(use).not.toHaveAttribute('aria-busy');
    const problem = state.context.passkeyProblem;
    if (problem) expect(screen.getByText(problem === 'cancelled' ? t.passkeyCancelled : problem)).toHaveAttribute('role', 'alert');
    if (state.context.signOutFailed) expect(screen.getByText(t.signOutFailed)).toBeInTheDocument();
    if (state.matches({ secondFactor: 'verifying' })) {
      expect((network.pending.find((p) => p.kind === 'verify')!.input as { credential: { id: string } }).credential.id).toBe('q2xv3Zf1mVh8Wc0s7N4t9A');
    }
    if (!state.matches('signingOut')) return;
  } else {
    await waitFor(() => expect(screen.getByRole('link', { name: t.team })).toHaveAttribute('aria-current', 'page'));
  }
  const signOut = screen.getByRole('button', { name: t.signOut });
  if (state.matches('signingOut')) expect(signOut).toHaveAttribute('aria-busy', 'true');
  else expect(signOut).not.toHaveAttribute('aria-busy');
  if (state.context.signOutFailed && state.matches('signedIn')) expect(screen.getByText(t.signOutFailed)).toBeInTheDocument();
  else expect(screen.queryByText(t.signOutFailed)).toBeNull();
}

const settle = (kind: string, outcome: 'resolve' | 'reject') => settleKind(network.pending, kind, outcome);
const drivers = {
  'xstate.done.actor.loadSession': settle('load', 'resolve'),
  'xstate.error.actor.loadSession': settle('load', 'reject'),
  'xstate.done.actor.endSession': settle('end', 'resolve'),
  'xstate.error.actor.endSession': settle('end', 'reject'),
  'session.signOut': async () => { fireEvent.click(screen.getByRole('button', { name: t.signOut })); },
  'session.signOutEverywhere': async () => { fireEvent.click(screen.getByRole('button', { name: t.signOutEverywhere })); },
  'session.retry': async () => { fireEvent.click(screen.getByRole('button', { name: t.retry })); },
  'passkey.use': async () => { fireEvent.click(screen.getByRole('button', { name: t.passkeyUse })); },
  'xstate.done.actor.loadPasskeyOptions': settle('options', 'resolve'),
  'xstate.error.actor.loadPasskeyOptions': settle('options', 'reject'),
  'xstate.done.actor.usePasskey': settle('prompt', 'resolve'),
  'xstate.error.actor.usePasskey': settle('prompt', 'reject'),
  'xstate.done.actor.verifyPasskey': settle('verify', 'resolve'),
  'xstate.error.actor.verifyPasskey': settle('verify', 'reject'),
  // any call of the console answering 401 (the Team page's, here)
  'session.ended': async () => { await act(async () => notifySessionEnded()); },
} satisfies Drivers<Snapshot>;

describe('console frame: model-based walk of the session', () => {
  beforeEach(() => {
    network.pending.length = 0;
    router = createMemoryRouter(consoleRoutes, { initialEntries: ['/team'] });
    render(<RouterProvider router={router} />);
  });
  afterEach(() => cleanup());

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runWalk(path, drivers, assertState);
  });
});
