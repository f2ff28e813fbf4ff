// @vitest-environment happy-dom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, ApiError, onUnauthorized, setAuthToken, unauthorizedMiddleware, unwrap } from '../../../core/api/client';
import { fetchVendors } from '../../../machines/load/load.actors';

const seen: { authorization: string | null; url: string }[] = [];
const server = setupServer(
  http.get('*/api/vendors', ({ request }) => {
    seen.push({ authorization: request.headers.get('Authorization'), url: request.url });
    const auth = request.headers.get('Authorization');
    if (auth === 'ContactAccess expired-token') return HttpResponse.json({ errorCode: 'expired', message: 'This link expired.' }, { status: 401 });
    if (auth === 'ContactAccess forbidden-token') return new HttpResponse(null, { status: 403 });
    if (auth === 'ContactAccess broken-token') return HttpResponse.json({ errorCode: 'internal', message: 'boom' }, { status: 500 });
    return HttpResponse.json({ vendors: [] });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  setAuthToken(null);
});
afterAll(() => server.close());

describe('API client', () => {
  it('calls /api with the ContactAccess token once set', async () => {
    setAuthToken('tok-123');
    const controller = new AbortController();
    await expect(fetchVendors(undefined, controller.signal)).resolves.toEqual([]);
    expect(seen[0].authorization).toBe('ContactAccess tok-123');
    expect(new URL(seen[0].url).pathname).toBe('/api/vendors');
  });

  it('sends no Authorization header without a token', async () => {
    await api.GET('/vendors');
    expect(seen[0].authorization).toBeNull();
  });

  it('notifies the unauthorised listeners with the errorCode of a 401', async () => {
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    setAuthToken('expired-token');
    await expect(fetchVendors(undefined, new AbortController().signal)).rejects.toThrow('failed calling api on path /vendors');
    expect(listener).toHaveBeenCalledExactlyOnceWith({ token: 'expired-token', errorCode: 'expired', status: 401 });
    off();
  });

  it("passes 'invalid' for a 403 without an error body", async () => {
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    setAuthToken('forbidden-token');
    await api.GET('/vendors');
    expect(listener).toHaveBeenCalledWith({ token: 'forbidden-token', errorCode: 'invalid', status: 403 });
    off();
  });

  it('says nothing of a 401 whose caller dropped the call before its body arrived (its code is unknown, not "invalid")', async () => {
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    const controller = new AbortController();
    const request = new Request('http://portal.test/api/announcements', { headers: { Authorization: 'ContactAccess canceled-token' }, signal: controller.signal });
    // the headers are in; the body never comes, and fails once the call is dropped
    const body = new ReadableStream({ start: (stream) => controller.signal.addEventListener('abort', () => stream.error(new DOMException('aborted', 'AbortError'))) });
    const response = new Response(body, { status: 401, headers: { 'Content-Type': 'application/json' } });
    const handled = unauthorizedMiddleware.onResponse!({ request, response } as never);
    controller.abort();
    await handled;
    expect(listener).not.toHaveBeenCalled();
    // the same 401 with its body read: told, with its code
    const whole = new Request('http://portal.test/api/announcements', { headers: { Authorization: 'ContactAccess canceled-token' } });
    await unauthorizedMiddleware.onResponse!({ request: whole, response: Response.json({ errorCode: 'canceled' }, { status: 401 }) } as never);
    expect(listener).toHaveBeenCalledExactlyOnceWith({ token: 'canceled-token', errorCode: 'canceled', status: 401 });
    off();
  });

  it('raises ApiError "failed calling api on path {path}" on other non-OK answers, without notifying', async () => {
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    setAuthToken('broken-token');
    const error = await fetchVendors(undefined, new AbortController().signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('failed calling api on path /vendors');
    expect((error as ApiError).status).toBe(500);
    expect((error as ApiError).errorCode).toBe('internal');
    expect(listener).not.toHaveBeenCalled();
    off();
  });

  it('a plain POST failure reads "failed calling api"', () => {
    const response = new Response(null, { status: 500 });
    expect(() => unwrap('/letmein', { response, error: { errorCode: 'x' } }, { plainPost: true })).toThrow(/^failed calling api$/);
  });
});

describe('conditional requests (ETag / If-None-Match)', () => {
  const listPath = '/vendors/{vendorId}/locations/{locationId}/invoices' as const;
  const params = { path: { vendorId: 'v1', locationId: 'l1' }, query: { type: 'click2pay' as const } };
  const asked: Array<string | null> = [];
  let version = 1;

  function useListHandler() {
    server.use(
      http.get('*/api/vendors/v1/locations/l1/invoices', ({ request }) => {
        const ifNoneMatch = request.headers.get('If-None-Match');
        asked.push(ifNoneMatch);
        const etag = `W/"${version}-${request.headers.get('Authorization')}"`;
        if (ifNoneMatch === etag) return new HttpResponse(null, { status: 304, headers: { ETag: etag } });
        return HttpResponse.json({ locationInvoices: [], requestInvoiceIds: [`v${version}`] }, { headers: { ETag: etag } });
      }),
    );
  }

  it('asks with the last ETag and answers a 304 with the kept answer; a changed list comes in full', async () => {
    asked.length = 0;
    version = 1;
    useListHandler();
    setAuthToken('tok-etag');
    const first = await api.GET(listPath, { params });
    expect(first.data).toEqual({ locationInvoices: [], requestInvoiceIds: ['v1'] });
    const second = await api.GET(listPath, { params });
    expect(second.response.status).toBe(200);
    expect(second.data).toEqual({ locationInvoices: [], requestInvoiceIds: ['v1'] });
    version = 2;
    const third = await api.GET(listPath, { params });
    expect(third.data).toEqual({ locationInvoices: [], requestInvoiceIds: ['v2'] });
    expect(asked).toEqual([null, 'W/"1-ContactAccess tok-etag"', 'W/"1-ContactAccess tok-etag"']);
  });

  it('keeps nothing across tokens: another token asks without If-None-Match', async () => {
    asked.length = 0;
    version = 1;
    useListHandler();
    setAuthToken('tok-a');
    await api.GET(listPath, { params });
    setAuthToken('tok-b');
    const other = await api.GET(listPath, { params });
    expect(other.data).toEqual({ locationInvoices: [], requestInvoiceIds: ['v1'] });
    expect(asked).toEqual([null, null]);
  });
});
