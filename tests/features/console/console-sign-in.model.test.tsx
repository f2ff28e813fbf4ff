// @vitest-environment happy-dom
/**
 * Model-based walk of the console's sign-in chart on the REAL sign-in page (router, form, texts): arriving without a
 * link (ask for one by e-mail) and arriving from a link (`/console/sign-in#<token>`, traded for a session). The calls
 * are promises the walk settles; a signed-in person lands in the console's frame.
 */
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/console-sign-in/console-sign-in.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-sign-in/console-sign-in.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, requestSignInLink: pendingActor(network.pending, 'link'), createSession: pendingActor(network.pending, 'session') };
});
vi.mock('../../../machines/console-session/console-session.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-session/console-session.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSession: pendingActor(network.pending, 'frame') };
});

import { consoleSignInMachine } from '../../../machines/console-sign-in/console-sign-in.machine';
import { consoleSignInModelEvents, consoleSignInModelToken as TOKEN, consoleSignInModelValues } from '../../../machines/console-sign-in/console-sign-in.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const t = consoleTexts.signIn;

type Snapshot = SnapshotFrom<typeof consoleSignInMachine>;
let router: ReturnType<typeof createMemoryRouter>;

async function assertState(state: Snapshot) {
  if (state.matches('signedIn')) {
    // in the frame now: it reads the session the cookie stands for
    await screen.findByText(consoleTexts.frame.loading);
    expect(screen.queryByRole('heading', { name: t.title })).toBeNull();
    return;
  }
  if (state.matches('exchanging')) {
    expect(await screen.findByRole('status')).toHaveTextContent(t.exchanging);
    return;
  }
  if (state.matches('sent')) {
    await screen.findByRole('heading', { level: 1, name: t.sentTitle });
    expect(screen.getByRole('status')).toHaveTextContent(t.sent(state.context.email));
    return;
  }
  await screen.findByRole('heading', { level: 1, name: t.title });
  const field = screen.getByLabelText(t.emailLabel);
  expect(field).toHaveValue(state.context.email); // what was typed stays, after a refusal too
  const button = screen.getByRole('button', { name: t.submit });
  if (state.matches('requesting')) expect(button).toHaveAttribute('aria-busy', 'true');
  const { problem } = state.context;
  if (problem) expect(screen.getByRole('alert')).toHaveTextContent(t.problems[problem]);
  else await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
}

const settle = (kind: string, outcome: 'resolve' | 'reject') => settleKind(network.pending, kind, outcome);
const drivers = {
  'xstate.done.actor.requestSignInLink': settle('link', 'resolve'),
  'xstate.error.actor.requestSignInLink': settle('link', 'reject'),
  'xstate.done.actor.createSession': settleKind(network.pending, 'session', 'resolve', (call) => expect(call.input).toEqual({ token: TOKEN })),
  'xstate.error.actor.createSession': settle('session', 'reject'),
  'email.change': async (e: { value: string }) => { fireEvent.change(screen.getByLabelText(t.emailLabel), { target: { value: e.value } }); },
  'link.request': async () => { fireEvent.click(screen.getByRole('button', { name: t.submit })); },
  'link.again': async () => { fireEvent.click(screen.getByRole('button', { name: t.again })); },
  // arriving from the link, the page sends it itself as it opens (the walk opened `/sign-in#<token>`); later, the
  // e-mailed link opened in this tab: the address's fragment changes
  'link.open': async (_e: unknown, prev: Snapshot) => {
    if (prev.matches('sent')) await act(async () => void (await router.navigate(`/sign-in#${TOKEN}`)));
  },
} satisfies Drivers<Snapshot>;

describe('console sign-in: model-based walk (a path that starts with link.open arrives from a link)', () => {
  const paths = walkPaths<Snapshot>(consoleSignInMachine, consoleSignInModelEvents as never);
  afterEach(() => cleanup());

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    network.pending.length = 0;
    const fromLink = path.steps[1]?.event.type === 'link.open';
    router = createMemoryRouter(consoleRoutes, { initialEntries: [fromLink ? `/sign-in#${TOKEN}` : '/sign-in'] });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.hash).toBe('')); // the token leaves the address at once
    // arriving from a link, the page says at once what it does: no flash of the form before the chart has the token
    await runWalk(path, drivers, async (state, event) => {
      if (fromLink && event.type === 'xstate.init') expect(await screen.findByRole('status')).toHaveTextContent(t.exchanging);
      else await assertState(state);
    });
  });
});

it('an invalid address is refused on the page, before any call', async () => {
  network.pending.length = 0;
  render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/sign-in'] })} />);
  fireEvent.change(await screen.findByLabelText(t.emailLabel), { target: { value: consoleSignInModelValues.invalid } });
  fireEvent.click(screen.getByRole('button', { name: t.submit }));
  expect(await screen.findByText(t.invalidEmail)).toBeInTheDocument();
  expect(network.pending).toEqual([]);
  cleanup();
});
