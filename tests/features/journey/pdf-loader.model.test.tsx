// @vitest-environment happy-dom
/**
 * Model-based walk of the PDF loader chart on the REAL pdfloader page: the fetch is a promise the walk settles; the
 * redirect is replaced (jsdom cannot navigate) and must happen only in `loaded`, to the URL the fetch answered.
 */
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { walkPaths, type Deferred, runWalk } from '../model-walk';

const network = vi.hoisted(() => ({ fetches: [] as Array<Deferred<unknown>>, inputs: [] as unknown[] }));

vi.mock('../../../machines/pdf-loader/pdf-loader.actors', async (importOriginal) => {
  const { deferredActor } = await import('../model-walk');
  return { ...(await importOriginal<object>()), fetchPdf: deferredActor(network.fetches, network.inputs) };
});

import { pdfLoaderMachine } from '../../../machines/pdf-loader/pdf-loader.machine';
import { modelPdfInput, pdfLoaderModelEvents } from '../../../machines/pdf-loader/pdf-loader.model';
import { routes } from '../../../src/app/router';
import { pdfTexts as t } from '../../../src/features/journey/texts';
import { token } from '../shell/fixtures';

configure({ asyncUtilTimeout: 8000 });

type Snapshot = SnapshotFrom<typeof pdfLoaderMachine>;
const paths = walkPaths<Snapshot>(pdfLoaderMachine, pdfLoaderModelEvents as never, modelPdfInput);
const path = `/token/${token}/vendors/${modelPdfInput.vendorId}/locations/${modelPdfInput.locationId}/invoices/${modelPdfInput.invoiceId}/pdfloader`;
let opened: string[] = [];

beforeAll(async () => {
  const page = await import('../../../src/features/journey/pdf-loader-page');
  vi.spyOn(page.pdfNavigation, 'open').mockImplementation((url) => { opened.push(url); });
});

describe('PDF loader: model-based walk on the pdfloader page', () => {
  beforeEach(() => {
    network.fetches.length = 0;
    network.inputs.length = 0;
    opened = [];
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
  });
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    if (state.matches('loading')) {
      expect((await screen.findByText(t.loading)).closest('[role="status"]')).toHaveAttribute('aria-busy', 'true');
      await waitFor(() => expect(network.inputs).toEqual([modelPdfInput]));
      expect(opened).toEqual([]);
    } else if (state.matches('loaded')) {
      await waitFor(() => expect(opened).toEqual([state.context.url]));
      expect(screen.queryByRole('alert')).toBeNull();
    } else {
      expect(await screen.findByRole('alert')).toHaveTextContent(t.failed);
      expect(opened).toEqual([]);
    }
  }

  const settle = (outcome: 'resolve' | 'reject') => async (event: { output?: unknown; error?: unknown }) => {
    await waitFor(() => expect(network.fetches.length).toBeGreaterThan(0));
    const d = network.fetches.shift()!;
    await act(async () => (outcome === 'resolve' ? d.resolve(event.output) : d.reject(event.error)));
  };
  const drivers = { 'xstate.done.actor.fetchPdf': settle('resolve'), 'xstate.error.actor.fetchPdf': settle('reject') } satisfies Record<string, (event: any) => Promise<unknown>>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, p) => {
    await runWalk(p, drivers, assertState);
  });
});
