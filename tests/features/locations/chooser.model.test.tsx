// @vitest-environment happy-dom
/**
 * Model-based walks of the chooser chart on the REAL vendor and location chooser pages (router,
 * token guard, session slices, views). Only the network is replaced: the vendors and locations
 * loaders are promises the walk settles with the data behind each model event.
 */
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { deferred, walkPaths, type Deferred, runWalk } from '../model-walk';

const network = vi.hoisted(() => ({
  vendors: [] as Array<Deferred<unknown>>,
  locations: [] as Array<Deferred<unknown>>,
}));

vi.mock('../../../machines/load/load.actors', async (importOriginal) => {
  const { deferredCall } = await import('../model-walk');
  return { ...(await importOriginal<object>()), fetchVendors: deferredCall(network.vendors), fetchLocations: deferredCall(network.locations) };
});
vi.mock('../../../machines/announcements/announcements.actors', async (importOriginal) => (await import('../model-walk')).noAnnouncementsActors(importOriginal));
vi.mock('../../../machines/dashboard/dashboard.actors', async (importOriginal) => (await import('../model-walk')).idleDashboardActors(importOriginal));

import { chooserMachine, type ChooserOptions } from '../../../machines/selection/chooser.machine';
import { chooserModelEvents } from '../../../machines/selection/chooser.model';
import { routes } from '../../../src/app/router';
import { chooserTexts as t } from '../../../src/features/locations/texts';
import { location, token, vendor } from '../shell/fixtures';

// The first walk also loads the lazy page chunks.
configure({ asyncUtilTimeout: 8000 });

type Snapshot = SnapshotFrom<typeof chooserMachine>;
const paths = walkPaths<Snapshot>(chooserMachine, chooserModelEvents);
const PATH_VENDOR = '6f1c2b6e-1d7a-4c36-9a0e-2b7f1c9d0a11';

async function pending(queue: Array<Deferred<unknown>>): Promise<Deferred<unknown>> {
  await waitFor(() => expect(queue.length).toBeGreaterThan(0));
  return queue.shift()!;
}

interface Page {
  name: string;
  start: string;
  heading: string;
  failure: string;
  /** Where choosing option `id` leads. */
  target: (id: string) => string;
  settle: (output: ChooserOptions) => Promise<void>;
  fail: () => Promise<void>;
  /** The change-location bar is shown on this page when… */
  bar: (snapshot: Snapshot) => boolean;
}

const pages: Page[] = [
  {
    name: 'vendor chooser',
    start: `/token/${token}/vendors`,
    heading: t.vendorTitle,
    failure: t.vendorsFailed,
    target: (id) => `/token/${token}/vendors/${id}/locations`,
    settle: async (output) => (await pending(network.vendors)).resolve(output.options.map((o) => vendor(o.id, o.label))),
    fail: async () => (await pending(network.vendors)).reject(new Error('failed calling api on path /vendors')),
    bar: () => false,
  },
  {
    name: 'location chooser',
    start: `/token/${token}/vendors/${PATH_VENDOR}/locations`,
    heading: t.locationTitle,
    failure: t.locationsFailed,
    target: (id) => `/token/${token}/vendors/${PATH_VENDOR}/locations/${id}`,
    settle: async (output) => {
      const vendors = Array.from({ length: output.vendorCount }, (_, i) => vendor(i === 0 ? PATH_VENDOR : `1111111${i}-2222-4333-8444-555555555555`, `Vendor ${i}`));
      const v = network.vendors.shift();
      v?.resolve(vendors);
      (await pending(network.locations)).resolve(Object.fromEntries(output.options.map((o) => [o.id, location(o.id, PATH_VENDOR, o.label)])));
    },
    fail: async () => {
      network.vendors.shift()?.resolve([vendor(PATH_VENDOR, 'Vendor 0')]);
      (await pending(network.locations)).reject(new Error('failed calling api on path /vendors/{vendorId}/locations'));
    },
    bar: (s) => s.context.vendorCount > 1,
  },
];

beforeAll(async () => {
  // Load the lazy page chunks once, so the walks time the views and not the module loader.
  await Promise.all([
    import('../../../src/features/locations/vendor-chooser-page'),
    import('../../../src/features/locations/location-chooser-page'),
    import('../../../src/features/dashboard/dashboard-page'),
  ]);
});

describe.each(pages)('$name: model-based walk', (page) => {
  let router: ReturnType<typeof createMemoryRouter>;
  beforeEach(() => {
    network.vendors.length = 0;
    network.locations.length = 0;
    window.scrollTo = vi.fn();
    router = createMemoryRouter(routes, { initialEntries: [page.start] });
    render(<RouterProvider router={router} />);
  });
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    if (state.matches('loading')) {
      await screen.findByRole('heading', { level: 1, name: page.heading });
      const loading = screen.getByRole('status');
      expect(loading).toHaveTextContent(t.loading);
      // the options' place is held by skeletons of their size, not by a spinner that holds none
      expect(loading).toHaveAttribute('aria-busy', 'true');
      expect(loading.querySelectorAll('[data-skeleton]').length).toBeGreaterThan(0);
      expect(loading.querySelector('svg')).toBeNull();
      expect(router.state.location.pathname).toBe(page.start);
    } else if (state.matches('choosing')) {
      const main = await screen.findByRole('main');
      await within(main).findByRole('heading', { name: page.heading });
      const buttons = within(main).getAllByRole('button');
      expect(buttons.map((b) => b.textContent)).toEqual(state.context.options.map((o) => expect.stringContaining(o.label)));
      expect(Boolean(screen.queryByRole('navigation', { name: t.changeVendor }))).toBe(page.bar(state));
    } else if (state.matches('forwarding')) {
      await waitFor(() => expect(router.state.location.pathname).toBe(page.target(state.context.options[0].id)));
      expect(router.state.historyAction).toBe('REPLACE');
    } else if (state.matches('chosen')) {
      await waitFor(() => expect(router.state.location.pathname).toBe(page.target(state.context.chosenId!)));
      expect(router.state.historyAction).toBe('PUSH');
    } else if (state.matches('failed')) {
      expect(await screen.findByRole('alert')).toHaveTextContent(page.failure);
    } else {
      throw new Error(`no view check for ${JSON.stringify(state.value)}`);
    }
  }

  const drivers = {
    'xstate.done.actor.loadOptions': (e: { output: ChooserOptions }) => act(() => page.settle(e.output)),
    'xstate.error.actor.loadOptions': () => act(() => page.fail()),
    'chooser.choose': async (e: { id: string }, prev: Snapshot) => {
      const label = prev.context.options.find((o) => o.id === e.id)!.label;
      await userEvent.click(within(screen.getByRole('main')).getByRole('button', { name: new RegExp(label) }));
    },
    'chooser.retry': async () => userEvent.click(screen.getByRole('button', { name: t.retry })),
  } satisfies Record<string, (event: any, prev: Snapshot) => Promise<unknown>>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runWalk(path, drivers, assertState);
  });
});
