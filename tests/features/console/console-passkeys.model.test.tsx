// @vitest-environment happy-dom
/**
 * Model-based walk of "Your passkeys" on the REAL Team page inside the console's frame (an admin): the person's
 * passkeys, or none with the admin's prompt to add one; a passkey named and added — the options, the browser's prompt
 * (or cancelled), the server's verification (or refused), the name kept on a failure; a passkey removed after its
 * confirmation. The calls and the browser's prompt are promises the walk settles.
 */
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/console-passkeys/console-passkeys.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-passkeys/console-passkeys.actors')>();
  const { pendingActor } = await import('../model-walk');
  return {
    ...original,
    loadPasskeys: pendingActor(network.pending, 'passkeys'),
    loadRegistrationOptions: pendingActor(network.pending, 'options'),
    createPasskey: pendingActor(network.pending, 'prompt'),
    savePasskey: pendingActor(network.pending, 'save'),
    removePasskey: pendingActor(network.pending, 'remove'),
  };
});
vi.mock('../../../machines/console-team/console-team.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-team/console-team.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadTeam: pendingActor(network.pending, 'team') };
});
vi.mock('../../../machines/console-session/console-session.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-session/console-session.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSession: pendingActor(network.pending, 'session') };
});

import { journeyTimestamp } from '../../../core/rules/timestamps';
import { consolePasskeysMachine } from '../../../machines/console-passkeys/console-passkeys.machine';
import { consolePasskeysModelEvents } from '../../../machines/console-passkeys/console-passkeys.model';
import { consoleSessionSample } from '../../../machines/console-sign-in/console-sign-in.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const t = consoleTexts.passkeys;
const region = () => within(screen.getByRole('region', { name: t.title, hidden: true }));

describe('console passkeys: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consolePasskeysMachine>;
  const paths = walkPaths<Snapshot>(consolePasskeysMachine, consolePasskeysModelEvents as never);
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 2, name: t.title, hidden: true });
    const panel = region();
    const { passkeys, name, target, problem, notice } = state.context;
    if (state.matches('loading')) return void expect(panel.getByRole('status', { hidden: true })).toHaveTextContent(t.loading);
    if (state.matches('failed')) return void expect(panel.getByText(t.loadFailed)).toHaveAttribute('role', 'alert');
    if (passkeys.length === 0) {
      expect(panel.getByText(t.none)).toBeInTheDocument();
      expect(panel.getByTestId('passkey-prompt')).toHaveTextContent(t.adminPrompt); // the walk's person is an admin
    } else {
      const rows = panel.getAllByTestId('passkey-row');
      expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(passkeys.map((p) => p.id));
      passkeys.forEach((p, i) => {
        expect(rows[i]).toHaveTextContent(p.name);
        expect(rows[i]).toHaveTextContent(p.lastUsedAt ? journeyTimestamp(p.lastUsedAt, consoleSessionSample.vendor.timeZone) : t.never);
      });
      expect(panel.queryByTestId('passkey-prompt')).toBeNull();
    }
    expect(panel.getByLabelText(t.nameLabel)).toHaveValue(name);
    if (state.matches('requesting') || state.matches('creating') || state.matches('saving')) {
      expect(panel.getByText(t.working)).toBeInTheDocument();
      if (state.matches('saving')) expect((network.pending.find((p) => p.kind === 'save')!.input as { name: string }).name).toBe(name.trim());
      return;
    }
    if (state.matches('confirmingRemove') || state.matches('removing')) {
      const dialog = await screen.findByRole('alertdialog', { name: t.removeTitle });
      expect(dialog).toHaveTextContent(t.removeBody(target!.name));
      if (problem) expect(within(dialog).getByText(problem)).toBeInTheDocument();
      return;
    }
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    if (problem) expect(panel.getByText(problem === 'cancelled' ? t.cancelled : problem)).toHaveAttribute('role', 'alert');
    if (notice) expect(panel.getByText(t.notices[notice]!)).toHaveAttribute('role', 'status');
  }

  const drivers = {
    'xstate.done.actor.loadPasskeys': settleKind(network.pending, 'passkeys', 'resolve'),
    'xstate.error.actor.loadPasskeys': settleKind(network.pending, 'passkeys', 'reject'),
    'xstate.done.actor.loadRegistrationOptions': settleKind(network.pending, 'options', 'resolve'),
    'xstate.error.actor.loadRegistrationOptions': settleKind(network.pending, 'options', 'reject'),
    'xstate.done.actor.createPasskey': settleKind(network.pending, 'prompt', 'resolve'),
    'xstate.error.actor.createPasskey': settleKind(network.pending, 'prompt', 'reject'),
    'xstate.done.actor.savePasskey': settleKind(network.pending, 'save', 'resolve'),
    'xstate.error.actor.savePasskey': settleKind(network.pending, 'save', 'reject'),
    'xstate.done.actor.removePasskey': settleKind(network.pending, 'remove', 'resolve'),
    'xstate.error.actor.removePasskey': settleKind(network.pending, 'remove', 'reject'),
    'passkeys.retry': async () => { fireEvent.click(region().getByRole('button', { name: t.retry })); },
    'name.change': async (e: { value: string }) => { fireEvent.change(region().getByLabelText(t.nameLabel), { target: { value: e.value } }); },
    'passkey.add': async () => { fireEvent.submit(region().getByRole('form', { name: t.add })); },
    'remove.ask': async (e: { passkeyId: string }, prev: Snapshot) => {
      fireEvent.click(region().getByRole('button', { name: t.removeLabel(prev.context.passkeys.find((p) => p.id === e.passkeyId)!.name) }));
    },
    'remove.confirm': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.removeConfirm })); },
    'remove.cancel': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.cancel })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    network.pending.length = 0;
    render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/team'] })} />);
    await settleKind(network.pending, 'session', 'resolve')({ output: consoleSessionSample });
    // "Your passkeys" is shown with the team, once the team's list has come (no layout shift below a loading list)
    await settleKind(network.pending, 'team', 'resolve')({ output: [] });
    await runWalk(path, drivers, assertState);
  });
});
