// @vitest-environment happy-dom
/**
 * Model-based walk of the invoice journey chart on the REAL journey page: the journey load, the mark-read call and
 * the comment submit are promises the walk settles; the comment modal is driven through its buttons and textarea.
 */
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { walkPaths, type Deferred, runWalk, settle } from '../model-walk';

const network = vi.hoisted(() => ({ loads: [] as Array<Deferred<unknown>>, reads: [] as Array<Deferred<unknown>>, submits: [] as Array<Deferred<unknown>>, sent: [] as unknown[] }));

vi.mock('../../../machines/invoice-journey/invoice-journey.actors', async (importOriginal) => {
  const { deferredActor } = await import('../model-walk');
  return { ...(await importOriginal<object>()), loadJourney: deferredActor(network.loads), markRead: deferredActor(network.reads), submitComment: deferredActor(network.submits, network.sent) };
});

import { invoiceJourneyMachine } from '../../../machines/invoice-journey/invoice-journey.machine';
import { invoiceJourneyModelEvents, modelCommentText, modelJourney } from '../../../machines/invoice-journey/invoice-journey.model';
import { commentProblem } from '../../../core/rules/comment';
import { routes } from '../../../src/app/router';
import { commentTexts as c, journeyTexts as t } from '../../../src/features/journey/texts';
import { ids, token } from '../shell/fixtures';
import { frameHandlers } from '../fake-api';

configure({ asyncUtilTimeout: 8000 });

const server = setupServer(
  ...frameHandlers(ids.coastal, ids.blueHeron),
);

type Snapshot = SnapshotFrom<typeof invoiceJourneyMachine>;
const invoiceId = modelJourney.invoice.id;
const input = { vendorId: ids.coastal, locationId: ids.blueHeron, invoiceId };
const paths = walkPaths<Snapshot>(invoiceJourneyMachine, invoiceJourneyModelEvents as never, input);
const base = `/token/${token}/vendors/${ids.coastal}/locations/${ids.blueHeron}`;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'warn' });
  await import('../../../src/features/journey/invoice-journey-page');
});
afterAll(() => server.close());

describe('invoice journey: model-based walk on the journey page', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(() => {
    for (const list of [network.loads, network.reads, network.submits, network.sent]) list.length = 0;
    window.scrollTo = vi.fn();
    user = userEvent.setup();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/invoices/${invoiceId}`] })} />);
  });
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    const modalOpen = state.matches({ loaded: 'editing' }) || state.matches({ loaded: 'submitting' }) || state.matches({ loaded: 'submitted' }) || state.matches({ loaded: 'failed' });
    if (modalOpen) {
      // A modal hides the page from assistive technology while it is open.
      await waitFor(() => expect(screen.queryByRole('heading', { name: new RegExp(t.title) })).toBeNull());
    } else {
      await screen.findByRole('heading', { name: new RegExp(t.title) });
    }
    // Opening the page marks the invoice's messages read, once.
    await waitFor(() => expect(network.reads.length).toBe(1));
    if (state.matches('loading')) {
      expect(screen.getByRole('status')).toHaveTextContent(t.loading);
      return;
    }
    if (state.matches('failed')) {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(t.loadFailed);
      expect(alert).toHaveTextContent('If you continue to have difficulties viewing this page, please contact Coastal Produce Co.');
      return;
    }
    expect(await screen.findByTestId('journey-invoice')).toHaveTextContent('INV-30555');
    const rows = screen.getAllByTestId('journey-row');
    if (modalOpen) expect(rows[0].closest('[aria-hidden="true"]')).not.toBeNull();
    const entries = state.context.journey!.journeys;
    expect(rows).toHaveLength(entries.length);
    // newest first
    entries.forEach((e, i) => expect(rows[i]).toHaveTextContent(`${e.action}${t.details}${e.detail}`));
    if (state.matches({ loaded: 'closed' })) {
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.queryByRole('alertdialog')).toBeNull();
      return;
    }
    if (state.matches({ loaded: 'submitted' })) {
      expect(await screen.findByRole('alertdialog', { name: c.submitted })).toBeInTheDocument();
      expect(rows[0]).toHaveTextContent(modelCommentText);
      expect(network.sent.at(-1)).toEqual({ ...input, message: expect.any(String) });
      return;
    }
    const dialog = await screen.findByRole('dialog', { name: c.title });
    const field = within(dialog).getByRole('textbox', { name: new RegExp(c.label) });
    expect(field).toHaveAttribute('rows', '5');
    expect(field).toHaveValue(state.context.comment);
    const submit = within(dialog).getByRole('button', { name: new RegExp(c.submit) });
    if (state.matches({ loaded: 'submitting' })) {
      expect(submit).toHaveAttribute('aria-busy', 'true');
      return;
    }
    expect(submit).toHaveProperty('disabled', commentProblem(state.context.comment) !== null);
    if (state.matches({ loaded: 'failed' })) expect(within(dialog).getByRole('alert')).toHaveTextContent(c.failed);
    else expect(within(dialog).queryByRole('alert')).toBeNull();
  }

  const drivers = {
    'xstate.done.actor.loadJourney': settle(network.loads, 'resolve'),
    'xstate.error.actor.loadJourney': settle(network.loads, 'reject'),
    'xstate.error.actor.markRead': async (event: { error?: unknown }) => {
      const d = network.reads[0];
      await act(async () => d.reject(event.error));
    },
    'xstate.done.actor.submitComment': settle(network.submits, 'resolve'),
    'xstate.error.actor.submitComment': settle(network.submits, 'reject'),
    'comment.open': async () => user.click(screen.getByRole('button', { name: t.addComment })),
    'comment.close': async () => {
      const done = screen.queryByRole('alertdialog');
      await user.click(done ? within(done).getByRole('button', { name: c.close }) : within(screen.getByRole('dialog')).getByRole('button', { name: c.cancel }));
    },
    'comment.submit': async () => user.click(within(screen.getByRole('dialog')).getByRole('button', { name: new RegExp(c.submit) })),
    'comment.change': async (e: { text: string }) => {
      const field = within(screen.getByRole('dialog')).getByRole('textbox', { name: new RegExp(c.label) });
      await user.clear(field);
      await user.type(field, e.text);
    },
  } satisfies Record<string, (event: any) => Promise<unknown>>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, p) => {
    await runWalk(p, drivers, assertState);
  });
});
