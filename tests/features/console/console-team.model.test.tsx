// @vitest-environment happy-dom
/**
 * Model-based walk of the console's Team chart on the REAL Team page inside the console's frame (router, session,
 * header, DataTable, dialog): the calls are promises the walk settles; the person's events are clicks and typing. The
 * frame's session (an admin) is answered before the walk starts.
 */
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/console-team/console-team.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-team/console-team.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadTeam: pendingActor(network.pending, 'load'), inviteUser: pendingActor(network.pending, 'invite'), changeRole: pendingActor(network.pending, 'role'), removeUser: pendingActor(network.pending, 'remove') };
});
// "Your passkeys" below the team stays loading (its own walk: console-passkeys)
vi.mock('../../../machines/console-passkeys/console-passkeys.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-passkeys/console-passkeys.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadPasskeys: pendingActor(network.pending, 'passkeys') };
});
vi.mock('../../../machines/console-session/console-session.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-session/console-session.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSession: pendingActor(network.pending, 'session') };
});

import { consoleTeamMachine } from '../../../machines/console-team/console-team.machine';
import { consoleTeamModelEvents } from '../../../machines/console-team/console-team.model';
import { consoleSessionSample } from '../../../machines/console-sign-in/console-sign-in.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const t = consoleTexts.team;

type Snapshot = SnapshotFrom<typeof consoleTeamMachine>;
const paths = walkPaths<Snapshot>(consoleTeamMachine, consoleTeamModelEvents as never);

describe('console Team page: model-based walk', () => {
  beforeEach(async () => {
    network.pending.length = 0;
    render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/team'] })} />);
    await settleKind(network.pending, 'session', 'resolve')({ output: consoleSessionSample });
    await screen.findByRole('heading', { level: 1, name: t.title });
  });
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    expect(screen.getByRole('navigation', { name: consoleTexts.frame.nav, hidden: true })).toBeInTheDocument();
    switch (true) {
      case state.matches('loading'):
        expect(screen.getByText(t.loading).closest('[role=status]')).not.toBeNull();
        return;
      case state.matches('failed'):
        expect(screen.getByRole('alert')).toHaveTextContent(t.loadFailed);
        return;
    }
    // while the removal dialog is open the page behind it is hidden from assistive technology (hidden: true reads it)
    const dialogOpen = state.matches('confirmingRemoval') || state.matches('removing');
    if (dialogOpen) {
      const dialog = await screen.findByRole('alertdialog', { name: t.removeTitle });
      const target = state.context.users.find((u) => u.id === state.context.target?.userId)!;
      expect(dialog).toHaveTextContent(t.removeBody(target.email));
    } else {
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    }
    const hidden = dialogOpen;
    const table = await screen.findByRole('table', { name: t.tableLabel, hidden });
    await waitFor(() => expect(within(table).getAllByRole('rowheader', { hidden }).map((cell) => cell.textContent)).toEqual(state.context.users.map((u) => u.email)));
    for (const user of state.context.users) expect(within(table).getByRole('combobox', { name: t.roleLabel(user.email), hidden })).toHaveValue(user.role);
    const { problem, notice } = state.context;
    if (problem) expect(screen.getByRole('alert', { hidden })).toHaveTextContent(t.problems[problem]);
    else expect(screen.queryByRole('alert', { hidden })).toBeNull();
    if (notice) expect(screen.getByText(t.notices[notice])).toBeInTheDocument();
    expect(screen.getByLabelText(t.inviteEmail)).toHaveValue(state.context.draft.email); // what was typed stays
    const submit = screen.getByRole('button', { name: t.inviteSubmit, hidden });
    if (state.matches('inviting')) expect(submit).toHaveAttribute('aria-busy', 'true');
  }

  const settle = (kind: string, outcome: 'resolve' | 'reject') => settleKind(network.pending, kind, outcome);
  const drivers = {
    'xstate.done.actor.loadTeam': settle('load', 'resolve'),
    'xstate.error.actor.loadTeam': settle('load', 'reject'),
    'xstate.done.actor.inviteUser': settle('invite', 'resolve'),
    'xstate.error.actor.inviteUser': settle('invite', 'reject'),
    'xstate.done.actor.changeRole': settle('role', 'resolve'),
    'xstate.error.actor.changeRole': settle('role', 'reject'),
    'xstate.done.actor.removeUser': settle('remove', 'resolve'),
    'xstate.error.actor.removeUser': settle('remove', 'reject'),
    'team.retry': async () => { fireEvent.click(screen.getByRole('button', { name: t.retry })); },
    'invite.change': async (e: { value: string }) => { fireEvent.change(screen.getByLabelText(t.inviteEmail), { target: { value: e.value } }); },
    'invite.submit': async () => { fireEvent.click(screen.getByRole('button', { name: t.inviteSubmit })); },
    'role.change': async (e: { userId: string; role: string }, prev: Snapshot) => {
      const email = prev.context.users.find((u) => u.id === e.userId)!.email;
      fireEvent.change(screen.getByRole('combobox', { name: t.roleLabel(email) }), { target: { value: e.role } });
    },
    'remove.ask': async (e: { userId: string }, prev: Snapshot) => {
      const email = prev.context.users.find((u) => u.id === e.userId)!.email;
      fireEvent.click(screen.getByRole('button', { name: t.removeLabel(email) }));
    },
    'remove.confirm': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.removeConfirm })); },
    'remove.cancel': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.cancel })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runWalk(path, drivers, assertState);
  });

  it('a viewer sees the team without the admin’s controls', async () => {
    cleanup();
    network.pending.length = 0;
    render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/team'] })} />);
    await settleKind(network.pending, 'session', 'resolve')({ output: { ...consoleSessionSample, user: { ...consoleSessionSample.user, role: 'viewer' } } });
    await act(async () => undefined);
    await settleKind(network.pending, 'load', 'resolve')({ output: [] });
    await screen.findByRole('table', { name: t.tableLabel });
    expect(screen.queryByRole('button', { name: t.inviteSubmit })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
