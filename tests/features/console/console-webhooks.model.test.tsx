// @vitest-environment happy-dom
/**
 * Model-based walk of the console's webhook endpoints on the REAL Developers page (an admin): the endpoints with their
 * state, an address refused until it is one, an endpoint added with its signing secret shown once, a refusal in the
 * server's words; an endpoint's deliveries opened, a test event answered, disabling and enabling it. The calls are
 * promises the walk settles (the keys' list beside it is answered first).
 */
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/console-webhooks/console-webhooks.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-webhooks/console-webhooks.actors')>();
  const { pendingActor } = await import('../model-walk');
  return {
    ...original,
    loadEndpoints: pendingActor(network.pending, 'endpoints'),
    createEndpoint: pendingActor(network.pending, 'create'),
    loadAttempts: pendingActor(network.pending, 'attempts'),
    sendTest: pendingActor(network.pending, 'test'),
    setEnabled: pendingActor(network.pending, 'toggle'),
    rotateSecret: pendingActor(network.pending, 'rotate'),
    deleteEndpoint: pendingActor(network.pending, 'delete'),
  };
});
vi.mock('../../../machines/console-keys/console-keys.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-keys/console-keys.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadKeys: pendingActor(network.pending, 'keys') };
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

import { journeyTimestamp } from '../../../core/rules/timestamps';
import { consoleWebhooksMachine, urlValid } from '../../../machines/console-webhooks/console-webhooks.machine';
import { consoleWebhooksModelEvents } from '../../../machines/console-webhooks/console-webhooks.model';
import { consoleSessionSample } from '../../../machines/console-sign-in/console-sign-in.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const t = consoleTexts.webhooks;
const timeZone = consoleSessionSample.vendor.timeZone;

describe('console webhook endpoints: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consoleWebhooksMachine>;
  const paths = walkPaths<Snapshot>(consoleWebhooksMachine, consoleWebhooksModelEvents as never);
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 2, name: t.title, hidden: true });
    const { endpoints, draft, created, openId, attempts, lastTest, problem } = state.context;
    if (state.matches('loading')) return void expect(screen.getByText(t.loading)).toBeInTheDocument();
    if (state.matches('failed')) return void expect(screen.getByText(t.loadFailed)).toHaveAttribute('role', 'alert');
    const rows = await screen.findAllByTestId('endpoint-row');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(endpoints.map((e) => e.id));
    endpoints.forEach((e, i) => {
      expect(rows[i]).toHaveTextContent(e.url);
      expect(rows[i]).toHaveTextContent(!e.enabled ? t.disabled(e.disabledReason) : e.failingSince ? t.failing(journeyTimestamp(e.failingSince, timeZone)) : t.enabled);
    });
    expect(screen.getByLabelText(t.urlLabel)).toHaveValue(draft.url);
    if (state.matches('creating')) {
      const asked = network.pending.find((p) => p.kind === 'create')!.input as { url: string; idempotencyKey: string };
      expect(urlValid(asked.url)).toBe(true);
      expect(asked.url).toBe(draft.url.trim());
    }
    if (state.matches('showingSecret')) {
      const dialog = await screen.findByRole('alertdialog', { name: created!.endpoint.previousSecretExpiresAt ? t.rotatedTitle : t.secretTitle });
      return void expect(within(dialog).getByTestId('endpoint-secret')).toHaveTextContent(created!.secret);
    }
    await waitFor(() => expect(screen.queryByTestId('endpoint-secret')).toBeNull());
    if (!state.matches('deliveries')) {
      expect(screen.queryByRole('region', { name: /^Deliveries to / })).toBeNull();
      if (problem) expect(screen.getByText(problem)).toHaveAttribute('role', 'alert');
      return;
    }
    const open = endpoints.find((e) => e.id === openId)!;
    if (state.matches({ deliveries: 'confirmingDelete' }) || state.matches({ deliveries: 'deleting' })) {
      const dialog = await screen.findByRole('alertdialog', { name: t.deleteTitle });
      expect(dialog).toHaveTextContent(t.deleteBody(open.url));
      if (problem) expect(within(dialog).getByText(problem)).toBeInTheDocument();
      return;
    }
    const section = screen.getByRole('region', { name: t.deliveriesTitle(open.url) });
    expect(within(section).getByTestId('endpoint-state')).toHaveTextContent(!open.enabled ? t.disabled(open.disabledReason) : t.enabled);
    expect(within(section).getByRole('button', { name: open.enabled ? t.disable : t.enable })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    if (state.matches({ deliveries: 'loading' })) return void expect(within(section).getByText(t.attemptsLoading)).toBeInTheDocument();
    if (state.matches({ deliveries: 'failed' })) return void expect(within(section).getByText(t.attemptsFailed)).toHaveAttribute('role', 'alert');
    if (attempts.length === 0) expect(within(section).getByText(t.noAttempts)).toBeInTheDocument();
    else expect(within(section).getAllByTestId('attempt-row').map((r) => r.getAttribute('data-id'))).toEqual(attempts.map((a) => a.id));
    if (problem) expect(within(section).getByText(problem)).toHaveAttribute('role', 'alert');
    else if (lastTest) expect(within(section).getByRole('status')).toHaveTextContent(t.testResult(t.attemptResult(lastTest.statusCode, lastTest.error)));
  }

  const section = () => screen.getByRole('region', { name: /^Deliveries to / });
  const drivers = {
    'xstate.done.actor.loadEndpoints': settleKind(network.pending, 'endpoints', 'resolve'),
    'xstate.error.actor.loadEndpoints': settleKind(network.pending, 'endpoints', 'reject'),
    'xstate.done.actor.createEndpoint': settleKind(network.pending, 'create', 'resolve'),
    'xstate.error.actor.createEndpoint': settleKind(network.pending, 'create', 'reject'),
    'xstate.done.actor.loadAttempts': settleKind(network.pending, 'attempts', 'resolve'),
    'xstate.error.actor.loadAttempts': settleKind(network.pending, 'attempts', 'reject'),
    'xstate.done.actor.sendTest': settleKind(network.pending, 'test', 'resolve'),
    'xstate.error.actor.sendTest': settleKind(network.pending, 'test', 'reject'),
    'xstate.done.actor.setEnabled': settleKind(network.pending, 'toggle', 'resolve'),
    'xstate.error.actor.setEnabled': settleKind(network.pending, 'toggle', 'reject'),
    'endpoints.retry': async () => { fireEvent.click(screen.getByRole('button', { name: t.retry })); },
    'draft.change': async (e: { field: string; value: string }) => {
      fireEvent.change(screen.getByLabelText(e.field === 'url' ? t.urlLabel : t.descriptionLabel), { target: { value: e.value } });
    },
    'endpoint.create': async () => { fireEvent.submit(screen.getByLabelText(t.urlLabel).closest('form')!); },
    'secret.close': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.done })); },
    'attempts.open': async (e: { endpointId: string }) => {
      const row = screen.getAllByTestId('endpoint-row').find((r) => r.getAttribute('data-id') === e.endpointId)!;
      fireEvent.click(within(row).getByRole('button', { name: /^Deliveries to / }));
    },
    'attempts.retry': async () => { fireEvent.click(within(section()).getByRole('button', { name: t.retry })); },
    'attempts.close': async () => { fireEvent.click(within(section()).getByRole('button', { name: t.close })); },
    'endpoint.test': async () => { fireEvent.click(within(section()).getByRole('button', { name: t.test })); },
    'endpoint.toggle': async () => { fireEvent.click(within(section()).getByRole('button', { name: /^(Disable|Enable)$/ })); },
    'endpoint.rotate': async () => { fireEvent.click(within(section()).getByRole('button', { name: t.rotate })); },
    'endpoint.delete': async () => { fireEvent.click(within(section()).getByRole('button', { name: t.delete })); },
    'delete.confirm': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.deleteConfirm })); },
    'delete.cancel': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.cancel })); },
    'xstate.done.actor.rotateSecret': settleKind(network.pending, 'rotate', 'resolve'),
    'xstate.error.actor.rotateSecret': settleKind(network.pending, 'rotate', 'reject'),
    'xstate.done.actor.deleteEndpoint': settleKind(network.pending, 'delete', 'resolve'),
    'xstate.error.actor.deleteEndpoint': settleKind(network.pending, 'delete', 'reject'),
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    network.pending.length = 0;
    render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/developers'] })} />);
    await settleKind(network.pending, 'session', 'resolve')({ output: consoleSessionSample });
    await settleKind(network.pending, 'keys', 'resolve')({ output: [] });
    await runWalk(path, drivers, assertState);
  });
});
