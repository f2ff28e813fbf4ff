// @vitest-environment happy-dom
/**
 * Model-based walk of the statement load chart on the REAL statement page: the statement call is a promise the walk
 * settles (rows, none, failure, retry); ads and delivery settle at once (their charts have their own tests).
 */
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settle as settleQueue, walkPaths, type Deferred, type Drivers } from '../model-walk';

const network = vi.hoisted(() => ({ statements: [] as Array<Deferred<unknown>>, marks: 0 }));

vi.mock('../../../machines/statement/statement.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/statement/statement.actors')>();
  const { fromPromise } = await import('xstate');
  const { deferred } = await import('../model-walk');
  const { modelDeliveryList } = await import('../../../machines/statement/statement.model');
  return {
    ...original,
    loadStatement: fromPromise(() => { const d = deferred<unknown>(); network.statements.push(d); return d.promise as Promise<never>; }),
    markStatementRequest: fromPromise(async () => { network.marks += 1; return true; }),
    loadAds: fromPromise(async () => []),
    loadDeliveries: fromPromise(async () => modelDeliveryList(null)),
  };
});
vi.mock('../../../machines/load/load.actors', async (importOriginal) => (await import('../model-walk')).modelFrameLoadActors(importOriginal));
vi.mock('../../../machines/announcements/announcements.actors', async (importOriginal) => (await import('../model-walk')).noAnnouncementsActors(importOriginal));

import { statementMachine } from '../../../machines/statement/statement.machine';
import { modelStatementInput, statementModelEvents } from '../../../machines/statement/statement.model';
import { routes } from '../../../src/app/router';
import { statementTexts as t } from '../../../src/features/statement/texts';
import { token } from '../shell/fixtures';

configure({ asyncUtilTimeout: 8000 });

type Snapshot = SnapshotFrom<typeof statementMachine>;
const paths = walkPaths<Snapshot>(statementMachine, statementModelEvents, modelStatementInput);
const base = `/token/${token}/vendors/${modelStatementInput.vendorId}/locations/${modelStatementInput.locationId}`;

beforeAll(async () => {
  await import('../../../src/features/statement/statement-page');
});

describe('statement: model-based walk', () => {
  beforeEach(() => {
    network.statements.length = 0;
    network.marks = 0;
    window.scrollTo = vi.fn();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/statement`] })} />);
  });
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 1, name: /Account Statement/ });
    const exportButton = () => screen.getByRole('button', { name: 'Export CSV' });
    switch (state.value) {
      case 'loading':
        expect(screen.getAllByRole('status').some((s) => s.textContent?.includes(t.loading))).toBe(true);
        expect(exportButton()).toBeDisabled();
        return;
      case 'failed':
        expect(screen.getByText(t.loadFailed('Coastal Produce Co.'))).toHaveAttribute('role', 'alert');
        // Nothing was loaded: nothing to export or print, so neither button is offered.
        expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
        expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
        return;
      // (The page sends `page.shown` from an effect once it is on screen: in a browser it is shown from the start, so the
      // mark follows the answer whatever the model's order; the model's not-yet-shown states are the server's render.)
      case 'empty':
        expect(screen.getByText(t.empty)).toBeInTheDocument();
        expect(screen.queryByRole('table', { name: t.tableLabel })).toBeNull();
        expect(network.marks).toBe(state.context.statement!.requestMarked ? 0 : 1);
        return;
      default: {
        expect(exportButton()).toBeEnabled();
        const rows = within(screen.getByRole('table', { name: t.tableLabel })).getAllByTestId('statement-row');
        expect(rows.map((r) => within(r).getAllByRole('link')[0].textContent)).toEqual(state.context.statement!.lines.map((l) => l.displayInvNum));
        await waitFor(() => expect(network.marks).toBe(1));
      }
    }
  }

  const settle = (outcome: 'resolve' | 'reject') => settleQueue(network.statements, outcome);
  const drivers = {
    // sent by the page itself once it is on screen (an effect after its first render): nothing for the walk to do
    'page.shown': async () => {},
    'xstate.done.actor.loadStatement': settle('resolve'),
    'xstate.error.actor.loadStatement': settle('reject'),
    // The failure text asks for a refresh: the walk reloads the page (a new machine starts loading).
    'statement.retry': async () => {
      cleanup();
      network.statements.length = 0;
      render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/statement`] })} />);
    },
  } satisfies Drivers;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runWalk(path, drivers, assertState);
  });
});
