/**
 * One test server per file with the demo contact's login token and another contact's (for the 404 checks), plus the
 * location paths of the demo vendor: `beforeAll(async () => ({ s, token, otherToken } = await startDemoSession()))`.
 */
import { startTestServer, type TestServer } from './app.js';

export interface DemoSession {
  s: TestServer;
  /** A login token of the demo contact. */
  token: string;
  /** A login token of the other contact (whose ids must answer 404 to the demo contact and vice versa). */
  otherToken: string;
}

export async function startDemoSession(): Promise<DemoSession> {
  const s = await startTestServer();
  const token = await s.token({ type: 'login' });
  const otherToken = await s.token({ type: 'login', contactId: s.demo.otherContactId });
  return { s, token, otherToken };
}

/** `/api/vendors/{vendorId}/locations/{locationId}`. */
export const locPath = (vendorId: string, locationId: string) => `/api/vendors/${vendorId}/locations/${locationId}`;

/**
 * The requests and lookups the route tests share, as the demo contact (`raw` another token; `null` no token at all).
 * They read the file's server and token when called, so they can be made before `beforeAll` has started the server:
 * `const { get, post, blueHeron } = demoRequests(() => ({ s, token }))`.
 */
export function demoRequests(session: () => { s: TestServer; token: string }) {
  const headers = (raw: string | null | undefined) => (raw === null ? {} : session().s.auth(raw ?? session().token));
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, raw?: string | null) =>
    session().s.app.inject({ method, url, headers: headers(raw), ...(payload === undefined ? {} : { payload: payload as object }) });
  const demoLocation = (vendor: 'pfg' | 'coastal', location: keyof TestServer['demo']['locations']) => () =>
    locPath(session().s.demo.vendors[vendor], session().s.demo.locations[location]);
  return {
    get: (url: string, raw?: string | null) => session().s.app.inject({ url, headers: headers(raw) }),
    send,
    post: (url: string, payload?: unknown, raw?: string | null) => send('POST', url, payload, raw),
    patch: (url: string, payload?: unknown, raw?: string | null) => send('PATCH', url, payload, raw),
    blueHeron: demoLocation('pfg', 'blueHeron'),
    harborStreet: demoLocation('pfg', 'harborStreet'),
    magnolia: demoLocation('pfg', 'magnolia'),
    saltmarsh: demoLocation('pfg', 'saltmarsh'),
    coastal: demoLocation('coastal', 'coastalBlueHeron'),
    invoiceByNumber: (num: string) =>
      session().s.db.selectFrom('invoices').selectAll().where('displayInvNum', '=', num).executeTakeFirstOrThrow(),
  };
}
