// @vitest-environment happy-dom
/**
 * The browser build's `@xstate/react` (src/app/xstate-react-client.ts, resolved by scripts/build/client-actors.ts): while
 * a first screen painted from the HTML is shown, an actor's change is rendered later, in a transition React slices,
 * instead of synchronously in the task that made it; every change still arrives, and with no first screen (or once it
 * is gone) changes render at once, as the package does.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, setup } from 'xstate';
import { useActorRef, useSelector } from '../../../src/app/xstate-react-client';

// Starts in `loading`; on start (in an effect, as `useActorRef` starts it) goes straight to `ready` — the change React
// would render synchronously right after subscribing.
const machine = setup({
  types: {} as { context: { count: number }; events: { type: 'inc' } | { type: 'loaded' } },
  actors: { load: fromCallback(({ sendBack }) => sendBack({ type: 'loaded' })) },
}).createMachine({
  context: { count: 0 },
  initial: 'loading',
  states: {
    loading: { invoke: { src: 'load' }, on: { loaded: 'ready' } },
    ready: { on: { inc: { actions: assign({ count: ({ context }) => context.count + 1 }) } } },
  },
});

function Page() {
  const actor = useActorRef(machine);
  const state = useSelector(actor, (s) => `${String(s.value)} ${s.context.count}`);
  return (
    <button type="button" onClick={() => actor.send({ type: 'inc' })}>
      {state}
    </button>
  );
}

function paintFirstScreen(): HTMLElement {
  const painted = document.createElement('div');
  painted.id = 'pp-first-screen';
  document.body.prepend(painted);
  return painted;
}

afterEach(() => {
  cleanup();
  document.getElementById('pp-first-screen')?.remove();
});

describe('useSelector of the browser build', () => {
  it('with no first screen, a change renders in the same task (as @xstate/react does)', () => {
    act(() => void render(<Page />));
    expect(screen.getByRole('button').textContent).toBe('ready 0');
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('ready 1');
  });

  it('under a first screen, a change renders in a later task, and every change arrives', async () => {
    paintFirstScreen();
    act(() => void render(<Page />));
    // the actor started in an effect and is `ready`; the render of that change waits for a later task
    expect(screen.getByRole('button').textContent).toBe('loading 0');
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('ready 0'));
    act(() => screen.getByRole('button').click());
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('ready 1'));
  });

  it('once the first screen is gone, changes render at once again', async () => {
    const painted = paintFirstScreen();
    act(() => void render(<Page />));
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('ready 0'));
    painted.remove();
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('ready 1');
  });

  it('reads an actor made outside React the same way', async () => {
    const actor = createActor(machine).start();
    function Reader() {
      return <p>{useSelector(actor, (s) => s.context.count)}</p>;
    }
    paintFirstScreen();
    act(() => void render(<Reader />));
    act(() => actor.send({ type: 'inc' }));
    await waitFor(() => expect(screen.getByText('1')).toBeTruthy());
    actor.stop();
  });
});
