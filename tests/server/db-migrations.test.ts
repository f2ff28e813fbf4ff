// @vitest-environment node
/**
 * Migrations on PGlite (in memory) and — when DATABASE_URL is set — on a PostgreSQL server, in a
 * fresh database created and dropped here. Also the value types both return.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb, migrateToLatest } from '../../server/db/connect.js';
import { json } from '../../server/db/json.js';
import { ALL_TABLES, migrations } from '../../server/db/migrations.js';
import { DEMO_EMAIL, seedIfEmpty } from '../../server/seed/demo.js';
import { createTempDatabase, createTestDb, dropTempDatabase, type TestDb } from '../../server/db/testing.js';

const backends = [
  { name: 'PGlite', databaseUrl: '' },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', databaseUrl: process.env.DATABASE_URL }] : []),
];

describe.each(backends)('migrations on $name', ({ databaseUrl }) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ databaseUrl });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('creates every table of the schema', async () => {
    const rows = await sql<{ tableName: string }>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(t.db);
    const tables = rows.rows.map((r) => r.tableName);
    expect(tables).toEqual(expect.arrayContaining([...ALL_TABLES, 'schema_migrations']));
  });

  it('records each migration once; running again applies nothing', async () => {
    const again = await migrateToLatest(t.db);
    expect(again.results).toEqual([]);
    const applied = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(t.db);
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
  });

  it('0013 moves the Fridays of the old holiday rule to their Saturdays (2026-07-03 → 07-04, 2027-12-24 → 12-25) and leaves the rest', async () => {
    const migration = migrations['0013_federal_reserve_holidays']!;
    await t.db.deleteFrom('holidays').execute();
    const old = [
      { date: '2026-07-03', name: 'Independence Day' }, // Friday before a Saturday holiday: the old rule
      { date: '2027-12-24', name: 'Christmas Day' },
      { date: '2027-12-31', name: "New Year's Day" }, // New Year's Day 2028 is a Saturday
      { date: '2026-11-26', name: 'Thanksgiving Day' }, // a Thursday: stays
      { date: '2027-07-05', name: 'Independence Day' }, // a Sunday holiday observed on Monday: stays
      { date: '2027-11-11', name: 'Veterans Day' }, // on its own day (a Thursday): stays
    ];
    await t.db.insertInto('holidays').values(old).execute();
    await migration.up(t.db);
    const after = await t.db.selectFrom('holidays').select(['date', 'name']).orderBy('date').execute();
    expect(after).toEqual([
      { date: '2026-07-04', name: 'Independence Day' },
      { date: '2026-11-26', name: 'Thanksgiving Day' },
      { date: '2027-07-05', name: 'Independence Day' },
      { date: '2027-11-11', name: 'Veterans Day' },
      { date: '2027-12-25', name: 'Christmas Day' },
      { date: '2028-01-01', name: "New Year's Day" },
    ]);
    await migration.up(t.db); // again: nothing more moves
    expect(await t.db.selectFrom('holidays').select(['date', 'name']).orderBy('date').execute()).toEqual(after);
    await t.db.deleteFrom('holidays').execute();
  });

  it('returns bigint cents as numbers, dates as yyyy-MM-dd, jsonb arrays intact, ids as generated uuids', async () => {
    const vendor = await t.db
      .insertInto('vendors')
      .values({ name: 'Types Vendor', displayName: 'Types Vendor', address: json(null), createType: null, invoiceFilterColumns: json(['shipTo']) })
      .returning(['id', 'invoiceFilterColumns', 'paymentConfigs', 'createdAt'])
      .executeTakeFirstOrThrow();
    expect(vendor.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(vendor.invoiceFilterColumns).toEqual(['shipTo']);
    expect(vendor.paymentConfigs).toEqual([]);
    expect(vendor.createdAt).toBeInstanceOf(Date);

    const location = await t.db
      .insertInto('locations')
      .values({ vendorId: vendor.id, displayName: 'Types Location', address: json(null), createType: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const invoice = await t.db
      .insertInto('invoices')
      .values({
        vendorId: vendor.id, locationId: location.id, externalId: 'T-1', displayInvNum: 'T-1',
        openAmountCents: -123_456_789_01, originalAmountCents: 4_503_599_627_370_496, dueDate: '2024-02-29', invoiceDate: null,
        externalInvoiceDate: '1999-12-31', poRefId: null, createType: null, externalUrl: null,
      })
      .returning(['openAmountCents', 'originalAmountCents', 'dueDate', 'invoiceDate', 'externalInvoiceDate', 'payable', 'extra', 'status'])
      .executeTakeFirstOrThrow();
    expect(invoice).toEqual({
      openAmountCents: -123_456_789_01,
      originalAmountCents: 4_503_599_627_370_496,
      dueDate: '2024-02-29',
      invoiceDate: null,
      externalInvoiceDate: '1999-12-31',
      payable: true,
      extra: {},
      status: 'open',
    });
  });

  it('rejects what the constraints forbid', async () => {
    const contact = await t.db
      .insertInto('contacts')
      .values({ firstName: 'Con', lastName: 'Straint', email: 'con@example.com', phone: '5550001111' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // e-mail stored lower-cased, phone digits only
    await expect(
      t.db.insertInto('contacts').values({ firstName: 'A', lastName: 'B', email: 'Mixed@Example.com', phone: null }).execute(),
    ).rejects.toThrow();
    await expect(
      t.db.insertInto('contacts').values({ firstName: 'A', lastName: 'B', email: null, phone: '(555) 010-2030' }).execute(),
    ).rejects.toThrow();
    // a token row holds a sha256 hex, never something else
    await expect(
      t.db
        .insertInto('tokens')
        .values({ tokenHash: 'raw-token-value', contactId: contact.id, type: 'login', expiresAt: new Date(), vendorId: null, locationId: null, requestId: null })
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.db
        .insertInto('tokens')
        .values({ tokenHash: 'a'.repeat(64), contactId: contact.id, type: 'bogus' as never, expiresAt: new Date(), vendorId: null, locationId: null, requestId: null })
        .execute(),
    ).rejects.toThrow();
  });
});

describe.runIf(process.env.DATABASE_URL)('migrations on a shared PostgreSQL server', () => {
  it('two processes starting at once on an empty database: both migrate without error, schema and demo data land once', async () => {
    const serverUrl = process.env.DATABASE_URL!;
    const temp = await createTempDatabase(serverUrl);
    const a = await createDb({ databaseUrl: temp.url, poolSize: 2 });
    const b = await createDb({ databaseUrl: temp.url, poolSize: 2 });
    try {
      const [ra, rb] = await Promise.all([migrateToLatest(a.db), migrateToLatest(b.db)]);
      const appliedNow = [...(ra.results ?? []), ...(rb.results ?? [])].filter((r) => r.status === 'Success');
      expect(appliedNow.map((r) => r.migrationName).sort()).toEqual(Object.keys(migrations).sort());
      const applied = await sql<{ n: number }>`select count(*)::int as n from schema_migrations`.execute(a.db);
      expect(applied.rows[0].n).toBe(Object.keys(migrations).length);
      await expect(a.db.selectFrom('vendors').select('id').execute()).resolves.toEqual([]);

      // …and loading the demo data on first start happens once, not once per process
      const seeded = await Promise.all([seedIfEmpty(a.db), seedIfEmpty(b.db)]);
      expect(seeded.sort()).toEqual([false, true]);
      const demoContacts = await a.db.selectFrom('contacts').select('id').where('email', '=', DEMO_EMAIL).execute();
      expect(demoContacts).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
      await dropTempDatabase(serverUrl, temp.name);
    }
  });
});
