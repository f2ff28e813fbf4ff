/**
 * Where a page rendered on the server gets its answers (core/api/bootstrap.ts `serverAnswers`): the render's own
 * context, kept per render by AsyncLocalStorage — every promise an actor of that render starts carries it, so two pages
 * rendered at once (two customers, two tokens) never see each other's answers. A request outside a render, after its
 * end, or that is not a GET under /api is refused: the server's first screen reads, it never writes.
 *
 * Imported first by the server-side entry (./entry.ts), before the API client reads it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { SERVER_ANSWERS, type ApiAnswer, type ServerAnswers } from '../../core/api/bootstrap';

export interface RenderAnswers {
  /** A GET of the page's token under /api (path with query), answered by the server's own API. */
  get(pathWithQuery: string): Promise<ApiAnswer>;
  /** Answers known before the render starts (those a slice reads synchronously: vendors, locations). */
  known: Record<string, unknown>;
  /** Public files by path. */
  files: Record<string, unknown>;
  /** Requests still waiting for their answer. */
  pending: number;
  /** Requests made so far. */
  asked: number;
  /**
   * Writes the page's actors tried (refused: a first screen only reads). Such a page is not hydrated from its
   * snapshots — they hold the refusal — but rendered by the browser, whose actors make the writes (a visit, a statement
   * request, an ad's impression).
   */
  writes?: number;
  /** Set when the render is over: later requests are refused. */
  closed: boolean;
}

export const renderAnswers = new AsyncLocalStorage<RenderAnswers>();

function refusal(message: string): Response {
  return new Response(JSON.stringify({ errorCode: 'first_screen', message }), { status: 503, headers: { 'Content-Type': 'application/json' } });
}

const answers: ServerAnswers = {
  take(kind, key) {
    const render = renderAnswers.getStore();
    if (!render || render.closed) return undefined;
    const from = kind === 'api' ? render.known : render.files;
    return Object.prototype.hasOwnProperty.call(from, key) ? from[key] : undefined;
  },
  async answer(request) {
    const render = renderAnswers.getStore();
    if (!render || render.closed) return refusal('no page is being rendered');
    const url = new URL(request.url);
    if (request.method !== 'GET' || !url.pathname.startsWith('/api/')) {
      if (request.method !== 'GET') render.writes = (render.writes ?? 0) + 1;
      return refusal('a first screen only reads');
    }
    render.pending += 1;
    render.asked += 1;
    try {
      const { status, body } = await render.get(url.pathname.slice('/api'.length) + url.search);
      return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    } catch {
      return refusal('the answer failed');
    } finally {
      render.pending -= 1;
    }
  },
};

(globalThis as { [SERVER_ANSWERS]?: ServerAnswers })[SERVER_ANSWERS] = answers;
