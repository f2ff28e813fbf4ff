// @vitest-environment happy-dom
/**
 * Model-based walks of the console's Disputes inbox and dispute page on the REAL pages inside the console's frame:
 * open or resolved, of one kind or both, pages; a dispute's reason, notes, amounts and replies; a reply (a blank one
 * not sent; the text kept when refused, cleared when sent), resolve and reopen, each once per confirmation. The calls
 * are promises the walks settle; the frame's session (an admin) is answered first.
 */
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, settleNewest, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/console-disputes/console-disputes.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-disputes/console-disputes.actors')>();
  const { fromPromise } = await import('xstate');
  const { deferred } = await import('../model-walk');
  return {
    ...original,
    loadDisputes: fromPromise(({ input }: { input: { cursor: string | null } }) => {
      const d = deferred<unknown>();
      network.pending.push({ kind: input.cursor ? 'more' : 'list', input, d });
      return d.promise as Promise<never>;
    }),
  };
});
vi.mock('../../../machines/console-dispute/console-dispute.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-dispute/console-dispute.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadDispute: pendingActor(network.pending, 'dispute'), sendReply: pendingActor(network.pending, 'reply'), setResolved: pendingActor(network.pending, 'resolve') };
});
vi.mock('../../../machines/console-session/console-session.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-session/console-session.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSession: pendingActor(network.pending, 'session') };
});

import { dollars, shortDate } from '../../../core/rules/display';
import { journeyTimestamp } from '../../../core/rules/timestamps';
import { consoleDisputesMachine } from '../../../machines/console-disputes/console-disputes.machine';
import { consoleDisputesModelEvents } from '../../../machines/console-disputes/console-disputes.model';
import { consoleDisputeMachine } from '../../../machines/console-dispute/console-dispute.machine';
import { consoleDisputeModelEvents, disputeModelInput } from '../../../machines/console-dispute/console-dispute.model';
import { consoleSessionSample } from '../../../machines/console-sign-in/console-sign-in.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const t = consoleTexts.disputes;
const dt = consoleTexts.dispute;
const timeZone = consoleSessionSample.vendor.timeZone;


async function open(url: string) {
  network.pending.length = 0;
  render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: [url] })} />);
  await settleKind(network.pending, 'session', 'resolve')({ output: consoleSessionSample });
}

describe('console Disputes inbox: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consoleDisputesMachine>;
  const paths = walkPaths<Snapshot>(consoleDisputesMachine, consoleDisputesModelEvents as never);
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 1, name: t.title });
    const { filter, disputes, hasMore, moreFailed } = state.context;
    expect(screen.getByLabelText(t.status)).toHaveValue(filter.status);
    expect(screen.getByLabelText(t.kind)).toHaveValue(filter.kind);
    if (state.matches('loading')) {
      expect(network.pending.filter((p) => p.kind === 'list').at(-1)!.input).toMatchObject({ filter });
      return void expect(screen.getByRole('status')).toHaveTextContent(t.loading);
    }
    if (state.matches('failed')) return void expect(screen.getByText(t.loadFailed)).toHaveAttribute('role', 'alert');
    if (disputes.length === 0) return void expect(screen.getByText(t.none)).toBeInTheDocument();
    const rows = () => screen.getAllByTestId('dispute-row');
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-id'))).toEqual(disputes.map((d) => d.id)));
    const first = disputes[0]!;
    expect(within(rows()[0]!).getByRole('link', { name: first.invoice.displayInvNum })).toHaveAttribute('href', `/disputes/${first.id}`);
    expect(rows()[0]).toHaveTextContent(t.kinds[first.kind]!);
    expect(rows()[0]).toHaveTextContent(dollars(first.paidAmount));
    expect(rows()[0]).toHaveTextContent(shortDate(first.createdAt));
    if (moreFailed) expect(screen.getByText(t.moreFailed)).toHaveAttribute('role', 'alert');
    expect(Boolean(screen.queryByRole('button', { name: t.more }))).toBe(hasMore);
  }

  const drivers = {
    'xstate.done.actor.loadDisputes': settleNewest(network.pending, 'list', 'resolve'),
    'xstate.error.actor.loadDisputes': settleNewest(network.pending, 'list', 'reject'),
    'xstate.done.actor.loadMoreDisputes': settleNewest(network.pending, 'more', 'resolve'),
    'xstate.error.actor.loadMoreDisputes': settleNewest(network.pending, 'more', 'reject'),
    'filter.change': async (e: { field: string; value: string }) => {
      fireEvent.change(screen.getByLabelText(e.field === 'status' ? t.status : t.kind), { target: { value: e.value } });
    },
    'disputes.more': async () => { fireEvent.click(screen.getByRole('button', { name: t.more })); },
    'disputes.retry': async () => { fireEvent.click(screen.getByRole('button', { name: t.retry })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await open('/disputes');
    await runWalk(path, drivers, assertState);
  });
});

describe('console dispute page: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consoleDisputeMachine>;
  const paths = walkPaths<Snapshot>(consoleDisputeMachine, consoleDisputeModelEvents as never, disputeModelInput);
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    const { dispute, reply, problem, notice } = state.context;
    if (state.matches('loading')) return void expect(await screen.findByRole('status')).toHaveTextContent(dt.loading);
    if (state.matches('failed')) return void expect(await screen.findByRole('alert')).toHaveTextContent(dt.loadFailed);
    if (state.matches('notFound')) return void expect(await screen.findByRole('alert')).toHaveTextContent(dt.notFound);
    await screen.findByRole('heading', { level: 1, name: dt.title(t.kinds[dispute!.kind]!, dispute!.invoice.displayInvNum) });
    expect(screen.getByTestId('dispute-status')).toHaveTextContent(t.statuses[dispute!.status]!);
    expect(screen.getByText(dispute!.reason)).toBeInTheDocument();
    const replies = screen.queryAllByTestId('dispute-reply');
    expect(replies).toHaveLength(dispute!.replies.length);
    dispute!.replies.forEach((r, i) => {
      expect(replies[i]).toHaveTextContent(r.text);
      expect(replies[i]).toHaveTextContent(dt.replyBy(r.by, journeyTimestamp(r.at, timeZone)));
    });
    // the reply as typed, kept when refused, cleared when sent
    expect(screen.getByLabelText(dt.replyLabel)).toHaveValue(reply);
    expect(Boolean(screen.queryByRole('button', { name: dt.resolve }))).toBe(dispute!.status === 'open');
    expect(Boolean(screen.queryByRole('button', { name: dt.reopen }))).toBe(dispute!.status === 'resolved');
    if (state.matches('replying')) {
      const asked = network.pending.find((p) => p.kind === 'reply')!.input as { text: string; idempotencyKey: string };
      expect(asked.text).toBe(reply.trim());
      expect(asked.idempotencyKey.endsWith(`-${state.context.done}`)).toBe(true);
      return;
    }
    if (state.matches('resolving')) {
      const asked = network.pending.find((p) => p.kind === 'resolve')!.input as { resolved: boolean };
      return void expect(asked.resolved).toBe(dispute!.status === 'open');
    }
    if (problem) expect(screen.getByText(problem)).toHaveAttribute('role', 'alert');
    else if (notice) expect(screen.getByRole('status')).toHaveTextContent(dt.notices[notice]!);
  }

  const drivers = {
    'xstate.done.actor.loadDispute': settleKind(network.pending, 'dispute', 'resolve'),
    'xstate.error.actor.loadDispute': settleKind(network.pending, 'dispute', 'reject'),
    'xstate.done.actor.sendReply': settleKind(network.pending, 'reply', 'resolve'),
    'xstate.error.actor.sendReply': settleKind(network.pending, 'reply', 'reject'),
    'xstate.done.actor.setResolved': settleKind(network.pending, 'resolve', 'resolve'),
    'xstate.error.actor.setResolved': settleKind(network.pending, 'resolve', 'reject'),
    'dispute.retry': async () => { fireEvent.click(screen.getByRole('button', { name: dt.retry })); },
    'reply.change': async (e: { value: string }) => { fireEvent.change(screen.getByLabelText(dt.replyLabel), { target: { value: e.value } }); },
    // the form's submit: a keyboard's Enter on the button, whatever its disabled look
    'reply.send': async () => { fireEvent.submit(screen.getByLabelText(dt.replyLabel).closest('form')!); },
    'dispute.resolve': async () => { fireEvent.click(screen.getByRole('button', { name: dt.resolve })); },
    'dispute.reopen': async () => { fireEvent.click(screen.getByRole('button', { name: dt.reopen })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await open(`/disputes/${disputeModelInput.disputeId}`);
    await runWalk(path, drivers, assertState);
  });
});
