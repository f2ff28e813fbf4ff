// @vitest-environment happy-dom
/**
 * Model-based walk of the console's audit log chart on the REAL Audit log page inside the console's frame: the filter,
 * the pages, the CSV link of the same filter; every time in the vendor's time zone. The calls are promises the walk
 * settles; the frame's session (an admin, New York) is answered before the walk starts.
 */
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/console-audit/console-audit.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-audit/console-audit.actors')>();
  const { fromPromise } = await import('xstate');
  const { deferred } = await import('../model-walk');
  // one actor logic for both invocations: the first page and the next, told apart by the cursor
  return {
    ...original,
    loadAuditPage: fromPromise(({ input }: { input: { cursor: string | null } }) => {
      const d = deferred<unknown>();
      network.pending.push({ kind: input.cursor ? 'more' : 'page', input, d });
      return d.promise as Promise<never>;
    }),
  };
});
vi.mock('../../../machines/console-session/console-session.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-session/console-session.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSession: pendingActor(network.pending, 'session') };
});

import { journeyTimestamp } from '../../../core/rules/timestamps';
import { actionsOf } from '../../../machines/console-audit/audit-categories';
import { consoleAuditMachine } from '../../../machines/console-audit/console-audit.machine';
import { consoleAuditModelEvents } from '../../../machines/console-audit/console-audit.model';
import { consoleSessionSample } from '../../../machines/console-sign-in/console-sign-in.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const t = consoleTexts.audit;

type Snapshot = SnapshotFrom<typeof consoleAuditMachine>;
const paths = walkPaths<Snapshot>(consoleAuditMachine, consoleAuditModelEvents as never);

describe('console Audit log page: model-based walk', () => {
  beforeEach(async () => {
    network.pending.length = 0;
    render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/audit'] })} />);
    await settleKind(network.pending, 'session', 'resolve')({ output: consoleSessionSample });
    await screen.findByRole('heading', { level: 1, name: t.title });
  });
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    const { category, events, hasMore, moreFailed } = state.context;
    expect(screen.getByLabelText(t.filterLabel)).toHaveValue(category);
    const csv = new URL(screen.getByRole('link', { name: t.export }).getAttribute('href')!, 'http://x');
    expect(csv.pathname).toBe('/vendor-api/audit-log.csv');
    expect(csv.searchParams.getAll('action')).toEqual([...actionsOf(category)]);
    if (state.matches('loading')) {
      expect(screen.getByRole('status')).toHaveTextContent(t.loading);
      return;
    }
    if (state.matches('failed')) {
      expect(screen.getByRole('alert')).toHaveTextContent(t.loadFailed);
      return;
    }
    if (events.length === 0) {
      expect(screen.getByText(t.none)).toBeInTheDocument();
      return;
    }
    const table = screen.getByRole('table', { name: t.tableLabel });
    await waitFor(() => expect(within(table).getAllByTestId('audit-row').map((row) => row.getAttribute('data-id'))).toEqual(events.map((e) => e.id)));
    const first = events[0]!;
    const row = within(table).getAllByTestId('audit-row')[0]!;
    expect(row).toHaveTextContent(journeyTimestamp(first.at, 'America/New_York'));
    expect(row).toHaveTextContent(t.actions[first.action]!);
    if (moreFailed) expect(screen.getByRole('alert')).toHaveTextContent(t.moreFailed);
    else expect(screen.queryByRole('alert')).toBeNull();
    const more = screen.queryByRole('button', { name: t.more });
    if (hasMore) expect(more).not.toBeNull();
    else expect(more).toBeNull();
    if (state.matches('loadingMore')) expect(more).toHaveAttribute('aria-busy', 'true');
  }

  /** The newest call of the kind: a filter changed while a page loaded leaves the older call unanswered (its actor stopped). */
  const settle = (kind: string, outcome: 'resolve' | 'reject') => async (event: { output?: unknown; error?: unknown }) => {
    await waitFor(() => expect(network.pending.some((p) => p.kind === kind)).toBe(true));
    const index = network.pending.map((p) => p.kind).lastIndexOf(kind);
    const [call] = network.pending.splice(index, 1);
    await act(async () => (outcome === 'resolve' ? call!.d.resolve(event.output) : call!.d.reject(event.error)));
  };
  const drivers = {
    'xstate.done.actor.loadAuditPage': settle('page', 'resolve'),
    'xstate.error.actor.loadAuditPage': settle('page', 'reject'),
    'xstate.done.actor.loadMoreAudit': settle('more', 'resolve'),
    'xstate.error.actor.loadMoreAudit': settle('more', 'reject'),
    'audit.filter': async (e: { category: string }) => { fireEvent.change(screen.getByLabelText(t.filterLabel), { target: { value: e.category } }); },
    'audit.more': async () => { fireEvent.click(screen.getByRole('button', { name: t.more })); },
    'audit.retry': async () => { fireEvent.click(screen.getByRole('button', { name: t.retry })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runWalk(path, drivers, assertState);
  });
});
