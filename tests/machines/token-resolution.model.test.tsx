// @vitest-environment jsdom
/**
 * Model-based walk of token resolution: every path generated from the chart (with the model
 * events of machines/token-resolution/token-resolution.model.ts) is replayed on the REAL token
 * entry page inside a router; the walk settles the token-info call and checks where the user
 * lands and what they see there (the real error page for failures).
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';

const network = vi.hoisted(() => ({
  pending: [] as Array<{ input: { token: string }; resolve: (v: unknown) => void; reject: (e: unknown) => void }>,
}));

vi.mock('../../machines/token-resolution/token-resolution.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../machines/token-resolution/token-resolution.actors')>();
  const { fromPromise } = await import('xstate');
  return {
    ...original,
    fetchTokenInfo: fromPromise<never, { token: string }>(
      ({ input }) => new Promise((resolve, reject) => network.pending.push({ input, resolve: resolve as (v: unknown) => void, reject })),
    ),
  };
});

import { toTokenInfoFailure } from '../../machines/token-resolution/token-resolution.actors';
import { tokenResolutionMachine } from '../../machines/token-resolution/token-resolution.machine';
import {
  TOKEN_RESOLUTION_RETRY_EVENT, tokenResolutionModelErrors, tokenResolutionModelEvents, tokenResolutionModelOutputs,
} from '../../machines/token-resolution/token-resolution.model';
import { TOKEN_INFO_RETRY_MS, tokenErrorPath, tokenRedirectPath, type TokenInfo } from '../../machines/token-resolution/token-resolution.redirect';
import ErrorPage from '../../src/features/access/error-page';
import TokenEntryPage from '../../src/features/access/token-entry-page';
import { errorPageContent, tokenEntryTexts } from '../../src/features/access/texts';
import { allTransitions, takenTransitions } from './transitions';

const TOKEN = 'dGVzdC10b2tlbi1mb3ItdGhlLW1vZGVsLWJhc2VkLXdhbGs';

type Snapshot = SnapshotFrom<typeof tokenResolutionMachine>;
type Step = { state: Snapshot; event: EventObject & Record<string, unknown> };

/** A state reached by a different event is a different vertex: one path per redirect rule. */
function serializeState(state: Snapshot, event?: EventObject): string {
  return `${JSON.stringify({ value: state.value, context: state.context })} via ${JSON.stringify(event ?? null)}`;
}

const model = new TestModel(tokenResolutionMachine, {
  events: tokenResolutionModelEvents as (s: Snapshot) => never[],
  serializeState,
  stateMatcher: (state: Snapshot, key: string) => state.matches(key as never),
  input: { token: TOKEN },
});
const paths = model.getShortestPaths();

function LocationProbe() {
  const { pathname } = useLocation();
  return <output aria-label="current page">{pathname}</output>;
}

let lastEvent: Step['event'] | undefined;
const currentPath = () => screen.queryByRole('status', { name: 'current page' })?.textContent ?? null;

const stateChecks: Record<string, (s: Snapshot) => void> = {
  loading: () => {
    expect(screen.getByRole('status')).toHaveTextContent(tokenEntryTexts.resolving);
    expect(network.pending.map((p) => p.input)).toEqual([{ token: TOKEN }]);
    expect(currentPath()).toBeNull();
  },
  retrying: (state) => {
    // a passing failure: the page still says the link is being opened, asks nothing yet and goes nowhere
    expect(screen.getByRole('status')).toHaveTextContent(tokenEntryTexts.resolving);
    expect(network.pending).toEqual([]);
    expect(currentPath()).toBeNull();
    expect(state.context.retries).toBeGreaterThan(0);
  },
  loaded: () => {
    const info = lastEvent!.output as TokenInfo;
    expect(currentPath()).toBe(tokenRedirectPath(TOKEN, info));
    expect(screen.queryByText(tokenEntryTexts.resolving)).toBeNull();
  },
  failed: () => {
    const failure = toTokenInfoFailure(lastEvent!.error);
    const code = tokenErrorPath(TOKEN, failure).split('/error/')[1];
    const content = errorPageContent(code);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(content.title);
    expect(screen.getByRole('link', { name: content.button })).toHaveAttribute('href', '/');
    if (content.explanation) expect(screen.getByText(content.explanation)).toBeVisible();
    expect(screen.queryByText(tokenEntryTexts.resolving)).toBeNull();
  },
};

type Exec = (step: Step) => Promise<void> | void;
const eventDrivers = {
  'xstate.init': () => {},
  'xstate.done.actor.fetchTokenInfo': async ({ event }) => {
    lastEvent = event;
    await act(async () => network.pending.shift()!.resolve(event.output));
  },
  'xstate.error.actor.fetchTokenInfo': async ({ event }) => {
    lastEvent = event;
    await act(async () => network.pending.shift()!.reject(event.error));
  },
  [TOKEN_RESOLUTION_RETRY_EVENT]: async ({ state }) => {
    const wait = TOKEN_INFO_RETRY_MS * state.context.retries;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(wait - 1);
    });
    // one millisecond early nothing has been asked yet
    expect(network.pending).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
  },
} satisfies Record<string, Exec>;

describe('token resolution: model-based walk on the token entry page', () => {
  beforeEach(() => {
    network.pending.length = 0;
    lastEvent = undefined;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('the generated paths cover every state and every transition, with one path per redirect rule', () => {
    const covered = new Set(paths.flatMap((p) => takenTransitions(tokenResolutionMachine, p.steps as Step[])));
    expect([...allTransitions(tokenResolutionMachine)].filter((id) => !covered.has(id))).toEqual([]);
    const reached = paths.flatMap((p) => p.steps.map((step) => step.state));
    for (const key of Object.keys(stateChecks)) expect(reached.some((s) => s.matches(key as never)), key).toBe(true);
    const finalEvents = new Set(paths.map((p) => JSON.stringify(p.steps.at(-1)!.event)));
    expect(finalEvents.size).toBe(Object.keys(tokenResolutionModelOutputs).length + Object.keys(tokenResolutionModelErrors).length);
    // a passing failure is asked again TOKEN_INFO_RETRIES times, then it is the error page
    expect(reached.some((s) => s.matches('failed') && s.context.retries === 2)).toBe(true);
  });

  for (const path of paths) {
    it(path.description, async () => {
      render(
        <MemoryRouter initialEntries={[`/token/${TOKEN}`]}>
          <Routes>
            <Route path="/token/:token" element={<TokenEntryPage />} />
            <Route path="/token/:token/error/:error?" element={<ErrorPage />} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>,
      );
      await path.test({ states: stateChecks, events: eventDrivers as never });
    });
  }
});
