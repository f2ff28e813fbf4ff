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
