/** Lazily loaded pages wait at most 120 s for their chunk (spec §2, §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(message = 'Loading chunk timed out') {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  // Vite's own failure ("Failed to fetch dynamically imported module") is a chunk error too.
  return error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
}

/** Rejects with ChunkLoadError when `load` takes longer than `timeoutMs`. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError()), timeoutMs);
    load().then(
      (value) => { clearTimeout(timer); resolve(value); },
      (error: unknown) => { clearTimeout(timer); reject(isChunkLoadError(error) ? error : new ChunkLoadError(error instanceof Error ? error.message : String(error))); },
    );
  });
}

/** A data-router `lazy` for a module whose default export is the page component. */
export function lazyPage(load: () => Promise<{ default: React.ComponentType }>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS) {
  return async () => {
    const module = await withChunkTimeout(load, timeoutMs);
    return { Component: module.default };
  };
}
