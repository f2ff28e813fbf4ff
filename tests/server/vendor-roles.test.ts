// @vitest-environment node
/**
 * Roles are the server's, operation by operation: every operation of openapi/vendor.yaml a person may reach declares
 * its roles (`x-roles`), and a person of each role (admin, AR clerk, viewer) is walked through every one of them —
 * refused 403 `role_forbidden` where the role is not declared, before anything is done, and let through where it is.
 * A viewer is refused every operation that changes anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorRole } from '../../server/db/schema.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { signInPerson, type ConsolePerson } from './helpers/console-session.js';
import { expectMatchesVendorContract, vendorContract } from './helpers/contract.js';

let s: TestServer;
const people = new Map<VendorRole, ConsolePerson>();

beforeAll(async () => {
  s = await startTestServer();
}, 60_000);
afterAll(async () => {
  await s?.close();
});

/** The role's person, signed in afresh when an operation of the walk signed the last one out. */
async function personOf(role: VendorRole): Promise<ConsolePerson> {
  let person = people.get(role);
  if (!person) {
    person = await signInPerson(s, s.demo.vendors.pfg, role);
    people.set(role, person);
  }
  return person;
}

const FAKE = '00000000-0000-4000-8000-000000000000';
const ROLES: VendorRole[] = ['admin', 'ar', 'viewer'];
const operations = Object.entries<any>(vendorContract.paths).flatMap(([path, item]) =>
  ['get', 'post', 'put', 'patch', 'delete'].flatMap((method) => {
    const op = item[method];
    if (!op || op.security?.length === 0) return []; // the sign-in itself has no caller
    return [{ operationId: op.operationId as string, method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, FAKE), roles: (op['x-roles'] ?? []) as VendorRole[] }];
  }),
);

const OWN_SESSION = ['deleteConsoleSession', 'deleteAllConsoleSessions', 'startPasskeyRegistration', 'addPasskey', 'deletePasskey', 'startSecondFactor', 'finishSecondFactor'];

describe('the contract declares who may call each operation', () => {
  it('every operation with a caller names its roles; admin may call all; a viewer none that changes anything', () => {
    expect(operations.length).toBeGreaterThan(50);
    for (const op of operations) {
      expect(op.roles.length, op.operationId).toBeGreaterThan(0);
      expect(op.roles, op.operationId).toContain('admin');
      for (const role of op.roles) expect(ROLES, op.operationId).toContain(role);
      // a person's own session and passkeys are theirs whatever their role
      if (op.method !== 'GET' && !OWN_SESSION.includes(op.operationId)) {
        expect(op.roles, `${op.operationId}: a viewer only reads`).not.toContain('viewer');
      }
    }
  });

  it('AR clerks send requests and links, import, cancel and refund; keys, webhooks, settings and the team are admins’', () => {
    const of = (id: string) => operations.find((op) => op.operationId === id)!.roles;
    for (const id of ['createRequest', 'createLoginLink', 'createImport', 'upsertInvoices', 'cancelPaymentGroup', 'createRefund']) expect(of(id), id).toEqual(['admin', 'ar']);
    for (const id of ['createApiKey', 'revokeApiKey', 'createWebhookEndpoint', 'updateSettings', 'inviteVendorUser', 'updateVendorUser', 'removeVendorUser']) expect(of(id), id).toEqual(['admin']);
  });
});

describe.each(ROLES)('a person whose role is %s', (role) => {
  it.each(operations.map((op) => [op.operationId, op] as const))('%s', async (_id, op) => {
    const person = await personOf(role);
    const res = await s.app.inject({
      method: op.method as 'GET',
      url: `/vendor-api${op.url}`,
      headers: person.headers,
      ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
    });
    const body = res.body && String(res.headers['content-type']).includes('json') ? res.json() : null;
    if (body) expectMatchesVendorContract(op.operationId, res.statusCode, body);
    if (op.roles.includes(role)) {
      expect(res.statusCode, res.body).not.toBe(401);
      expect(body?.errorCode, res.body).not.toBe('role_forbidden');
      if (op.operationId === 'deleteConsoleSession' || op.operationId === 'deleteAllConsoleSessions') people.delete(role);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(body).toMatchObject({ errorCode: 'role_forbidden' });
    }
  });
});
