/**
 * The per-location data version of the invoice list (migration 0012).
 *
 * `list_data_versions (location_id, version)`: a number that changes whenever anything the invoice list of that
 * location answers (`GET .../invoices`: the location's invoices and its contacts' requests, server/repos/invoices.ts)
 * may have changed. Statement-level triggers on `invoices` and `requests` (insert, update, delete, truncate) give each
 * location touched by a statement a new value from one global sequence, inside the writing transaction: the new
 * version becomes visible exactly when the change does, whichever process (server, job, CLI, another server on the
 * same PostgreSQL) made it. The sequence starts at a random point, so a version is never reused even by a database
 * created again from scratch (an ETag a browser kept cannot match other data).
 *
 * The version is read in the statement that checks the token and the scope (`AUTH_SQL`, server/db/tokens.ts): no
 * extra round trip. It validates the invoice list cache and the list's ETag (server/http/list-cache.ts).
 *
 * Cost on writes: one upsert per statement and location touched (not per row); concurrent writers to one location's
 * invoices also wait for each other on its version row until they commit. A location without a row has version 0
 * (no invoice or request was written there since the migration; every location existing then got a row).
 * Writes that bypass triggers (`session_replication_role = replica`) must bump the version themselves.
 */

const bumpFunction = `create or replace function list_data_versions_bump() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    update list_data_versions set version = nextval('list_data_version_seq');
  elsif tg_op = 'INSERT' then
    insert into list_data_versions as v (location_id, version)
      select d.location_id, nextval('list_data_version_seq')
        from (select distinct location_id from new_rows where location_id is not null order by 1) d
      on conflict (location_id) do update set version = excluded.version;
  elsif tg_op = 'UPDATE' then
    insert into list_data_versions as v (location_id, version)
      select d.location_id, nextval('list_data_version_seq')
        from (select location_id from new_rows where location_id is not null
              union select location_id from old_rows where location_id is not null order by 1) d
      on conflict (location_id) do update set version = excluded.version;
  else
    insert into list_data_versions as v (location_id, version)
      select d.location_id, nextval('list_data_version_seq')
        from (select distinct location_id from old_rows where location_id is not null order by 1) d
      on conflict (location_id) do update set version = excluded.version;
  end if;
  return null;
end
$$`;

/** The tables whose rows the invoice list reads (a change there changes the location's version). */
export const LIST_VERSIONED_TABLES = ['invoices', 'requests'] as const;

const triggers = LIST_VERSIONED_TABLES.flatMap((table) => [
  `create trigger ${table}_list_version_ins after insert on ${table} referencing new table as new_rows
     for each statement execute function list_data_versions_bump()`,
  `create trigger ${table}_list_version_upd after update on ${table} referencing old table as old_rows new table as new_rows
     for each statement execute function list_data_versions_bump()`,
  `create trigger ${table}_list_version_del after delete on ${table} referencing old table as old_rows
     for each statement execute function list_data_versions_bump()`,
  `create trigger ${table}_list_version_trunc after truncate on ${table}
     for each statement execute function list_data_versions_bump()`,
]);

export const listDataVersionsUp = [
  `create sequence list_data_version_seq`,
  // a random starting point (see the module comment); far below 2^53, so versions stay exact as JavaScript numbers
  `select setval('list_data_version_seq', 1 + floor(random() * 1e15)::bigint)`,
  // no foreign key: a location's deletion cascades to its invoices, whose delete trigger writes here
  `create table list_data_versions (
    location_id uuid primary key,
    version bigint not null
  )`,
  `insert into list_data_versions (location_id, version) select id, nextval('list_data_version_seq') from locations`,
  bumpFunction,
  ...triggers,
];

export const listDataVersionsDown = [
  ...LIST_VERSIONED_TABLES.flatMap((table) =>
    ['ins', 'upd', 'del', 'trunc'].map((kind) => `drop trigger if exists ${table}_list_version_${kind} on ${table}`),
  ),
  `drop function if exists list_data_versions_bump()`,
  `drop table if exists list_data_versions`,
  `drop sequence if exists list_data_version_seq`,
];
