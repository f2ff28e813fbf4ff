// @vitest-environment happy-dom
/**
 * Model-based walk of the console's sent template messages on the REAL Content page inside the console's frame (an AR
 * clerk): the newest first with their sender, invoices and customer link, the next page on request (or its failure in
 * the server's words), the newest withdrawn after its confirmation (cancelled, refused, withdrawn) by its portal id.
 * The calls are promises the walk settles; the announcements and ads above are answered first (the section is shown
 * once they are).
 */
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/console-sent-messages/console-sent-messages.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-sent-messages/console-sent-messages.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSentMessages: pendingActor(network.pending, 'messages'), withdrawSentMessage: pendingActor(network.pending, 'withdraw') };
});
vi.mock('../../../machines/console-announcements/console-announcements.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-announcements/console-announcements.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadAnnouncements: pendingActor(network.pending, 'announcements') };
});
vi.mock('../../../machines/console-ads/console-ads.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-ads/console-ads.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadAds: pendingActor(network.pending, 'ads') };
});
vi.mock('../../../machines/console-session/console-session.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-session/console-session.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSession: pendingActor(network.pending, 'session') };
});

import { journeyTimestamp } from '../../../core/rules/timestamps';
import { consoleSentMessagesMachine } from '../../../machines/console-sent-messages/console-sent-messages.machine';
import { consoleSentMessagesModelEvents, sentMessagesModelInput } from '../../../machines/console-sent-messages/console-sent-messages.model';
import { consoleSessionSample } from '../../../machines/console-sign-in/console-sign-in.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const t = consoleTexts.sentMessages;
const clerk = { ...consoleSessionSample, user: { ...consoleSessionSample.user, role: 'ar' as const } };

describe('console sent messages: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consoleSentMessagesMachine>;
  const paths = walkPaths<Snapshot>(consoleSentMessagesMachine, consoleSentMessagesModelEvents as never, sentMessagesModelInput);
  afterEach(() => cleanup());
  // (hidden: while a dialog is open, the page behind it is aria-hidden)
  const region = () => within(screen.getByRole('region', { name: t.title, hidden: true }));

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 2, name: t.title, hidden: true });
    const panel = region();
    const { items, nextCursor, target, problem, notice } = state.context;
    if (state.matches('loading')) return void expect(panel.getByRole('status', { hidden: true })).toHaveTextContent(t.loading);
    if (state.matches('failed')) return void expect(panel.getByText(t.loadFailed)).toHaveAttribute('role', 'alert');
    const rows = await panel.findAllByTestId('sent-message-row');
    // the newest first
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual([...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((m) => m.id));
    items.forEach((m) => {
      const row = rows.find((r) => r.getAttribute('data-id') === m.id)!;
      expect(row).toHaveTextContent(m.subject);
      expect(row).toHaveTextContent(journeyTimestamp(m.createdAt, clerk.vendor.timeZone));
      expect(row).toHaveTextContent(`${m.from.firstName} ${m.from.lastName}`);
      expect(row).toHaveTextContent(m.invoiceExternalIds.length ? m.invoiceExternalIds.join(', ') : t.noInvoices);
      expect(within(row).getByRole('link', { name: t.customerLabel(m.subject), hidden: true })).toHaveAttribute('href', `/customers/${m.locationId}`);
    });
    const more = panel.queryByRole('button', { name: t.more, hidden: true });
    expect(more !== null).toBe(nextCursor !== null || state.matches('loadingMore'));
    if (state.matches('loadingMore')) expect(network.pending.find((p) => p.kind === 'messages')!.input).toEqual({ cursor: nextCursor });
    if (state.matches('confirmingWithdraw') || state.matches('withdrawing')) {
      const dialog = await screen.findByRole('alertdialog', { name: t.withdrawTitle });
      expect(dialog).toHaveTextContent(t.withdrawBody(target!.subject));
      if (problem) expect(within(dialog).getByText(problem)).toBeInTheDocument();
      if (state.matches('withdrawing')) expect(network.pending.find((p) => p.kind === 'withdraw')!.input).toEqual({ id: target!.id });
      return;
    }
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    if (problem) expect(panel.getByText(problem)).toHaveAttribute('role', 'alert');
    if (notice) expect(panel.getByText(t.notices[notice]!)).toHaveAttribute('role', 'status');
  }

  const drivers = {
    'xstate.done.actor.loadSentMessages': settleKind(network.pending, 'messages', 'resolve'),
    'xstate.error.actor.loadSentMessages': settleKind(network.pending, 'messages', 'reject'),
    'xstate.done.actor.loadMoreSentMessages': settleKind(network.pending, 'messages', 'resolve'),
    'xstate.error.actor.loadMoreSentMessages': settleKind(network.pending, 'messages', 'reject'),
    'xstate.done.actor.withdrawSentMessage': settleKind(network.pending, 'withdraw', 'resolve'),
    'xstate.error.actor.withdrawSentMessage': settleKind(network.pending, 'withdraw', 'reject'),
    'messages.retry': async () => { fireEvent.click(region().getByRole('button', { name: consoleTexts.content.retry })); },
    'messages.more': async () => { fireEvent.click(region().getByRole('button', { name: t.more })); },
    'withdraw.ask': async (_e: { id: string }, prev: Snapshot) => {
      const m = prev.context.items.find((x) => x.id === _e.id)!;
      fireEvent.click(region().getByRole('button', { name: t.withdrawLabel(m.subject) }));
    },
    'withdraw.confirm': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.withdrawConfirm })); },
    'withdraw.cancel': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: consoleTexts.content.cancel })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    network.pending.length = 0;
    render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/content'] })} />);
    await settleKind(network.pending, 'session', 'resolve')({ output: clerk });
    await settleKind(network.pending, 'announcements', 'resolve')({ output: [] });
    await settleKind(network.pending, 'ads', 'resolve')({ output: [] });
    await runWalk(path, drivers, assertState);
  });
});
