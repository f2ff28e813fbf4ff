// @vitest-environment happy-dom
/**
 * Model-based walk of the console's events log on the REAL Developers page inside the console's frame (an admin): the
 * newest events with their data, older ones loaded (or not), the filter by type (none of that type), an event sent
 * again — to every endpoint it went to or to the one chosen — after its confirmation, once per confirmation (its
 * Idempotency-Key), a refusal in the server's words in the dialog. The calls are promises the walk settles (the keys and
 * endpoints above it are answered first: the log is shown once they are).
 */
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/console-events/console-events.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-events/console-events.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadEvents: pendingActor(network.pending, 'events'), loadMoreEvents: pendingActor(network.pending, 'more'), redeliverEvent: pendingActor(network.pending, 'redeliver') };
});
// the keys and endpoints beside the log stay loading: this walk is the log's
vi.mock('../../../machines/console-keys/console-keys.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-keys/console-keys.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadKeys: pendingActor(network.pending, 'keys') };
});
vi.mock('../../../machines/console-webhooks/console-webhooks.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-webhooks/console-webhooks.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadEndpoints: pendingActor(network.pending, 'endpoints') };
});
vi.mock('../../../machines/console-session/console-session.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-session/console-session.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSession: pendingActor(network.pending, 'session') };
});

import { journeyTimestamp } from '../../../core/rules/timestamps';
import { consoleEventsMachine } from '../../../machines/console-events/console-events.machine';
import { consoleEventsModelEvents } from '../../../machines/console-events/console-events.model';
import { consoleSessionSample } from '../../../machines/console-sign-in/console-sign-in.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const t = consoleTexts.events;
const timeZone = consoleSessionSample.vendor.timeZone;

describe('console events log: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consoleEventsMachine>;
  const paths = walkPaths<Snapshot>(consoleEventsMachine, consoleEventsModelEvents as never);
  afterEach(() => cleanup());

  const panel = () => within(screen.getByRole('heading', { level: 2, name: t.title, hidden: true }).closest('section')!);

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 2, name: t.title, hidden: true });
    const { type, events, hasMore, moreFailed, openId, target, destination, problem, notice, endpoints, done } = state.context;
    expect(screen.getByLabelText(t.typeLabel, { selector: 'select' })).toHaveValue(type);
    if (state.matches('loading')) return void expect(panel().getByRole('status', { hidden: true })).toHaveTextContent(t.loading);
    if (state.matches('failed')) return void expect(panel().getByText(t.loadFailed)).toHaveAttribute('role', 'alert');
    if (events.length === 0) expect(panel().getByText(t.none)).toBeInTheDocument();
    else {
      const rows = await panel().findAllByTestId('event-row');
      expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(events.map((e) => e.id));
      events.forEach((e, i) => {
        expect(rows[i]).toHaveTextContent(e.type);
        expect(rows[i]).toHaveTextContent(journeyTimestamp(e.timestamp, timeZone));
      });
    }
    expect(panel().queryByRole('button', { name: t.more, hidden: true }) !== null).toBe(hasMore);
    if (moreFailed) expect(panel().getByText(t.moreFailed)).toHaveAttribute('role', 'alert');
    const open = events.find((e) => e.id === openId);
    if (open) expect(panel().getByTestId('event-data').textContent).toBe(JSON.stringify(open.data, null, 2));
    else expect(panel().queryByTestId('event-data')).toBeNull();
    if (state.matches('confirming') || state.matches('redelivering')) {
      const dialog = await screen.findByRole('alertdialog', { name: t.redeliverTitle });
      expect(dialog).toHaveTextContent(t.redeliverBody(target!.type, journeyTimestamp(target!.timestamp, timeZone)));
      expect(within(dialog).getByRole('radio', { name: t.everyEndpoint })).toHaveProperty('checked', destination === 'all');
      for (const e of endpoints) expect(within(dialog).getByRole('radio', { name: e.url })).toHaveProperty('checked', destination === e.id);
      if (problem) expect(within(dialog).getByText(problem)).toHaveAttribute('role', 'alert');
      if (state.matches('redelivering')) {
        const asked = network.pending.find((p) => p.kind === 'redeliver')!.input as { eventId: string; endpointId: string | null; idempotencyKey: string };
        expect(asked).toMatchObject({ eventId: target!.id, endpointId: destination === 'all' ? null : destination });
        expect(asked.idempotencyKey.endsWith(`-${done}`)).toBe(true);
      }
      return;
    }
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    if (notice) expect(panel().getByText(t.sent(notice.deliveries))).toHaveAttribute('role', 'status');
  }

  const drivers = {
    'xstate.done.actor.loadEvents': settleKind(network.pending, 'events', 'resolve'),
    'xstate.error.actor.loadEvents': settleKind(network.pending, 'events', 'reject'),
    'xstate.done.actor.loadMoreEvents': settleKind(network.pending, 'more', 'resolve'),
    'xstate.error.actor.loadMoreEvents': settleKind(network.pending, 'more', 'reject'),
    'xstate.done.actor.redeliverEvent': settleKind(network.pending, 'redeliver', 'resolve'),
    'xstate.error.actor.redeliverEvent': settleKind(network.pending, 'redeliver', 'reject'),
    'events.retry': async () => { fireEvent.click(panel().getByRole('button', { name: t.retry })); },
    'filter.change': async (e: { value: string }) => { fireEvent.change(screen.getByLabelText(t.typeLabel, { selector: 'select' }), { target: { value: e.value } }); },
    'events.more': async () => { fireEvent.click(panel().getByRole('button', { name: t.more })); },
    'event.toggle': async (e: { eventId: string }) => {
      const row = panel().getAllByTestId('event-row').find((r) => r.getAttribute('data-id') === e.eventId)!;
      fireEvent.click(within(row).getByRole('button', { name: /^Data of / }));
    },
    'redeliver.ask': async (e: { eventId: string }) => {
      const row = panel().getAllByTestId('event-row').find((r) => r.getAttribute('data-id') === e.eventId)!;
      fireEvent.click(within(row).getByRole('button', { name: /^Send .* again$/ }));
    },
    'redeliver.choose': async (e: { destination: string }, prev: Snapshot) => {
      const dialog = within(screen.getByRole('alertdialog'));
      const name = e.destination === 'all' ? t.everyEndpoint : prev.context.endpoints.find((x) => x.id === e.destination)!.url;
      fireEvent.click(dialog.getByRole('radio', { name }));
    },
    'redeliver.confirm': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.redeliverConfirm })); },
    'redeliver.cancel': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.cancel })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    network.pending.length = 0;
    render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/developers'] })} />);
    await settleKind(network.pending, 'session', 'resolve')({ output: consoleSessionSample });
    // the log is shown once the sections above it have their lists (the page reveals them in order: no layout shift)
    await settleKind(network.pending, 'keys', 'resolve')({ output: [] });
    await settleKind(network.pending, 'endpoints', 'resolve')({ output: [] });
    await runWalk(path, drivers, assertState);
  });
});
