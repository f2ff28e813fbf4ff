// @vitest-environment happy-dom
/**
 * Model-based walk of the console's API keys on the REAL page inside the console's frame (an admin): the keys with
 * their access and state, a key created — read-only, expiring on a day, the day's start in the vendor's time zone —
 * whose secret is shown once and gone when closed, a refusal in the server's words with the form kept, a key revoked
 * after its confirmation. The calls are promises the walk settles.
 */
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/console-keys/console-keys.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-keys/console-keys.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadKeys: pendingActor(network.pending, 'keys'), createKey: pendingActor(network.pending, 'create'), revokeKey: pendingActor(network.pending, 'revoke') };
});
// the webhook endpoints beside the keys stay loading: this walk is the keys'
vi.mock('../../../machines/console-webhooks/console-webhooks.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-webhooks/console-webhooks.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadEndpoints: pendingActor(network.pending, 'endpoints') };
});
// the events log below stays loading
vi.mock('../../../machines/console-events/console-events.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-events/console-events.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadEvents: pendingActor(network.pending, 'events') };
});
vi.mock('../../../machines/console-session/console-session.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-session/console-session.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSession: pendingActor(network.pending, 'session') };
});

import { consoleKeysMachine, expiryInstant } from '../../../machines/console-keys/console-keys.machine';
import { consoleKeysModelEvents, keysModelInput } from '../../../machines/console-keys/console-keys.model';
import { consoleSessionSample } from '../../../machines/console-sign-in/console-sign-in.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const t = consoleTexts.keys;

describe('console API keys: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consoleKeysMachine>;
  const paths = walkPaths<Snapshot>(consoleKeysMachine, consoleKeysModelEvents as never, keysModelInput);
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 1, name: t.title, hidden: true });
    const { keys, draft, created, target, problem, notice } = state.context;
    const panel = within(screen.getByRole('heading', { level: 2, name: t.keysTitle, hidden: true }).closest('section')!);
    if (state.matches('loading')) return void expect(panel.getByRole('status', { hidden: true })).toHaveTextContent(t.loading);
    if (state.matches('failed')) return void expect(panel.getByText(t.loadFailed)).toHaveAttribute('role', 'alert');
    const rows = await screen.findAllByTestId('key-row');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(keys.map((k) => k.id));
    keys.forEach((k, i) => {
      expect(rows[i]).toHaveTextContent(`${k.prefix}…`);
      expect(rows[i]).toHaveTextContent(t.access[k.access]!);
      expect(within(rows[i]!).queryByRole('button', { name: t.revokeLabel(k.name, k.prefix), hidden: true }) !== null).toBe(k.revokedAt === null);
    });
    // the form keeps what was typed
    expect(screen.getByLabelText(t.nameLabel)).toHaveValue(draft.name);
    expect(screen.getByLabelText(t.accessLabel)).toHaveValue(draft.access);
    expect(screen.getByLabelText(t.expiresLabel)).toHaveValue(draft.expires);
    if (state.matches('creating')) {
      const asked = network.pending.find((p) => p.kind === 'create')!.input as { name: string; access: string; expiresAt: string | null; idempotencyKey: string };
      expect(asked).toMatchObject({ name: draft.name.trim(), access: draft.access, expiresAt: draft.expires ? expiryInstant(draft.expires, keysModelInput.timeZone) : null });
      expect(asked.idempotencyKey.endsWith(`-${state.context.done}`)).toBe(true);
    }
    if (state.matches('showingSecret')) {
      const dialog = await screen.findByRole('alertdialog', { name: t.secretTitle });
      return void expect(within(dialog).getByTestId('key-secret')).toHaveTextContent(created!.secret);
    }
    // the secret is nowhere once closed
    await waitFor(() => expect(screen.queryByTestId('key-secret')).toBeNull());
    if (state.matches('confirmingRevoke') || state.matches('revoking')) {
      const dialog = await screen.findByRole('alertdialog', { name: t.revokeTitle });
      expect(dialog).toHaveTextContent(t.revokeBody(target!.name, target!.prefix));
      if (problem) expect(within(dialog).getByText(problem)).toBeInTheDocument();
      return;
    }
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    if (problem) expect(screen.getByText(problem)).toHaveAttribute('role', 'alert');
    if (notice) expect(panel.getByText(t.notices[notice]!)).toHaveAttribute('role', 'status');
  }

  const drivers = {
    'xstate.done.actor.loadKeys': settleKind(network.pending, 'keys', 'resolve'),
    'xstate.error.actor.loadKeys': settleKind(network.pending, 'keys', 'reject'),
    'xstate.done.actor.createKey': settleKind(network.pending, 'create', 'resolve'),
    'xstate.error.actor.createKey': settleKind(network.pending, 'create', 'reject'),
    'xstate.done.actor.revokeKey': settleKind(network.pending, 'revoke', 'resolve'),
    'xstate.error.actor.revokeKey': settleKind(network.pending, 'revoke', 'reject'),
    'keys.retry': async () => {
      fireEvent.click(within(screen.getByRole('heading', { level: 2, name: t.keysTitle }).closest('section')!).getByRole('button', { name: t.retry }));
    },
    'draft.change': async (e: { field: string; value: string }) => {
      const label = { name: t.nameLabel, access: t.accessLabel, expires: t.expiresLabel }[e.field]!;
      fireEvent.change(screen.getByLabelText(label), { target: { value: e.value } });
    },
    'key.create': async () => { fireEvent.submit(screen.getByLabelText(t.nameLabel).closest('form')!); },
    'secret.close': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.done })); },
    'revoke.ask': async (e: { keyId: string }) => {
      const row = screen.getAllByTestId('key-row').find((r) => r.getAttribute('data-id') === e.keyId)!;
      fireEvent.click(within(row).getByRole('button', { name: /^Revoke / }));
    },
    'revoke.confirm': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.revokeConfirm })); },
    'revoke.cancel': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.cancel })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    network.pending.length = 0;
    render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/developers'] })} />);
    await settleKind(network.pending, 'session', 'resolve')({ output: consoleSessionSample });
    await runWalk(path, drivers, assertState);
  });
});
