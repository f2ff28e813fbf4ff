/**
 * A person of a vendor signed in to the console, as the console signs in: invited (use case), the invitation's token
 * posted to `POST /vendor-api/session`, the cookie it sets kept. `headers` are what the console's page sends: the
 * cookie and the portal's own Origin.
 */
import { expect } from 'vitest';
import type { VendorRole } from '../../../server/db/schema.js';
import { SESSION_COOKIE } from '../../../server/domain/vendor-sessions.js';
import { inviteUser } from '../../../server/use-cases/vendor-sessions.js';
import type { TestServer } from './app.js';

export interface ConsolePerson {
  userId: string;
  email: string;
  /** the session cookie's value */
  token: string;
  headers: { cookie: string; origin: string };
}

let people = 0;

export async function signInPerson(s: TestServer, vendorId: string, role: VendorRole, email = `${role}.${(people += 1)}.${Date.now()}@vendor.example`): Promise<ConsolePerson> {
  const invited = await inviteUser(s.db, vendorId, { email, role }, { publicUrl: s.config.publicUrl });
  if (!invited.ok) throw new Error(invited.refusal.message);
  const res = await s.app.inject({ method: 'POST', url: '/vendor-api/session', payload: { token: invited.value.link.split('#')[1] } });
  expect(res.statusCode, res.body).toBe(201);
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return { userId: invited.value.user.id, email, token: cookie.value, headers: { cookie: `${SESSION_COOKIE}=${cookie.value}`, origin: new URL(s.config.publicUrl).origin } };
}
