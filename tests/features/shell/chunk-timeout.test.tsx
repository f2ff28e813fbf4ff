// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, lazyPage, withChunkTimeout } from '../../../src/app/lazy';
import { RouteErrorPage } from '../../../src/app/route-error-page';
import { shellTexts as t } from '../../../src/app/texts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('lazy pages', () => {
  it('wait 120 s for a chunk, then fail with a chunk load error', async () => {
    vi.useFakeTimers();
    const never = withChunkTimeout(() => new Promise<never>(() => {}));
    const settled = vi.fn();
    never.catch(settled);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled.mock.calls[0][0]).toBeInstanceOf(ChunkLoadError);
  });

  it('resolve normally when the chunk arrives in time', async () => {
    await expect(withChunkTimeout(async () => 'page', 1000)).resolves.toBe('page');
  });

  it('show the chunk-load error page when a page chunk times out', async () => {
    const router = createMemoryRouter(
      [{ path: '/', errorElement: <RouteErrorPage />, lazy: lazyPage(() => new Promise(() => {}), 30) }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: t.chunkErrorTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.reload })).toBeInTheDocument();
  });
});
