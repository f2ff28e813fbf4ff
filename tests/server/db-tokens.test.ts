// @vitest-environment node
/** Access tokens are random, stored only as a hash, and found again by the raw value. Demo links. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { findToken, generateToken, hashToken, issueToken, tokenState } from '../../server/db/tokens.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { issueDemoLinks } from '../../server/seed/demo.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ seed: true });
});
afterAll(async () => {
  await t?.drop();
});

/** Every text value stored in the tokens table, flattened. */
async function storedTokenText(): Promise<string> {
  const rows = await sql<Record<string, unknown>>`select * from tokens`.execute(t.db);
  return JSON.stringify(rows.rows);
}

describe('tokens', () => {
  it('are 32 random bytes as base64url (43 characters), never repeating', () => {
    const tokens = Array.from({ length: 200 }, generateToken);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('hash to the SHA-256 hex of the token', () => {
    expect(hashToken('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
  });

  it('are stored only as a hash: the raw token appears in no column, and is found again by its raw value', async () => {
    const contactId = t.demo!.contactId;
    const raw = await issueToken(t.db, {
      contactId, vendorId: t.demo!.vendors.pfg, locationId: t.demo!.locations.magnolia, type: 'autopay',
      requestId: t.demo!.requests.autopay, ttlDays: 14,
    });
    const stored = await storedTokenText();
    expect(stored).not.toContain(raw);
    expect(stored).toContain(hashToken(raw));

    const found = await findToken(t.db, raw);
    expect(found).toMatchObject({
      contactId, vendorId: t.demo!.vendors.pfg, locationId: t.demo!.locations.magnolia, type: 'autopay',
      status: 'active', requestId: t.demo!.requests.autopay,
    });
    const days = (found!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    expect(tokenState(found!)).toBe('valid');
  });

  it('are not found by another or a malformed value', async () => {
    await issueToken(t.db, { contactId: t.demo!.contactId, type: 'login', ttlDays: 7 });
    expect(await findToken(t.db, generateToken())).toBeUndefined();
    expect(await findToken(t.db, "x' or 1=1 --")).toBeUndefined();
    expect(await findToken(t.db, '')).toBeUndefined();
  });

  it('report canceled, expired by status, and expired by date', async () => {
    const contactId = t.demo!.contactId;
    const canceled = await findToken(t.db, await issueToken(t.db, { contactId, type: 'login', status: 'canceled', ttlDays: 7 }));
    const expired = await findToken(t.db, await issueToken(t.db, { contactId, type: 'login', status: 'expired', ttlDays: 7 }));
    const past = await findToken(t.db, await issueToken(t.db, { contactId, type: 'login', ttlDays: -1 }));
    const complete = await findToken(t.db, await issueToken(t.db, { contactId, type: 'paymentplan', status: 'complete', ttlDays: 7 }));
    expect(tokenState(canceled!)).toBe('canceled');
    expect(tokenState(expired!)).toBe('expired');
    expect(tokenState(past!)).toBe('expired');
    expect(tokenState(complete!)).toBe('valid');
  });
});

describe('issueDemoLinks', () => {
  it('issues the six demo tokens for the demo contact with the right type, status and request', async () => {
    const links = await issueDemoLinks(t.db);
    expect(Object.keys(links).sort()).toEqual(['autopay', 'canceled', 'click2pay', 'expired', 'login', 'paymentplan']);
    expect(new Set(Object.values(links)).size).toBe(6);
    const stored = await storedTokenText();
    const rows = Object.fromEntries(
      await Promise.all(Object.entries(links).map(async ([k, raw]) => {
        expect(stored).not.toContain(raw);
        return [k, await findToken(t.db, raw)] as const;
      })),
    );
    for (const row of Object.values(rows)) expect(row?.contactId).toBe(t.demo!.contactId);
    expect(rows.login).toMatchObject({ type: 'login', vendorId: null, locationId: null, requestId: null });
    expect(tokenState(rows.login!)).toBe('valid');
    expect(rows.click2pay).toMatchObject({ type: 'click2pay', requestId: t.demo!.requests.click2pay, locationId: t.demo!.locations.coastalBlueHeron });
    expect(rows.autopay).toMatchObject({ type: 'autopay', requestId: t.demo!.requests.autopay, locationId: t.demo!.locations.magnolia });
    expect(rows.paymentplan).toMatchObject({ type: 'paymentplan', requestId: t.demo!.requests.paymentplan });
    expect(tokenState(rows.expired!)).toBe('expired');
    expect(tokenState(rows.canceled!)).toBe('canceled');
  });
});
