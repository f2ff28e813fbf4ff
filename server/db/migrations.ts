/**
 * Schema migrations as an in-code MigrationProvider (Kysely `Migrator`).
 * The same SQL runs on PGlite and on a PostgreSQL server.
 *
 * Add a new migration by appending a key to `migrations` (keys sort alphabetically: keep the
 * `NNNN_` prefix). Never edit a migration that has shipped.
 */
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { listDataVersionsDown, listDataVersionsUp } from './list-versions.js';
import { paymentGroupChangesDown, paymentGroupChangesUp } from './payment-group-changes.js';

/** Runs statements one by one (PGlite's extended protocol refuses several statements in one query). */
async function run(db: Kysely<any>, statements: string[]): Promise<void> {
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}

const initialUp = [
  `create table vendors (
    id uuid primary key default gen_random_uuid(),
    name text not null,
    display_name text not null,
    address jsonb,
    create_type text,
    config jsonb not null default '{}'::jsonb,
    eod_cutoff jsonb not null default '{"hour":17,"timezone":"America/New_York"}'::jsonb,
    feature_flags jsonb not null default '{}'::jsonb,
    invoice_filter_columns jsonb not null default '[]'::jsonb,
    payment_configs jsonb not null default '[]'::jsonb,
    payment_method_options jsonb not null default '[]'::jsonb,
    internal jsonb not null default '{}'::jsonb,
    created_at timestamptz not null default now()
  )`,
  `create table locations (
    id uuid primary key default gen_random_uuid(),
    vendor_id uuid not null references vendors(id) on delete cascade,
    display_name text not null,
    address jsonb,
    create_type text,
    payment_configs jsonb not null default '[]'::jsonb,
    created_at timestamptz not null default now(),
    unique (vendor_id, id)
  )`,
  `create index locations_vendor_idx on locations (vendor_id)`,
  `create table contacts (
    id uuid primary key default gen_random_uuid(),
    first_name text not null,
    last_name text not null,
    email text check (email is null or email = lower(email)),
    phone text check (phone is null or phone ~ '^[0-9]+$'),
    created_at timestamptz not null default now()
  )`,
  `create index contacts_email_idx on contacts (email)`,
  `create index contacts_phone_idx on contacts (phone)`,
  `create table contact_locations (
    contact_id uuid not null references contacts(id) on delete cascade,
    vendor_id uuid not null references vendors(id) on delete cascade,
    location_id uuid not null,
    primary key (contact_id, location_id),
    foreign key (vendor_id, location_id) references locations (vendor_id, id) on delete cascade
  )`,
  `create index contact_locations_vendor_idx on contact_locations (contact_id, vendor_id)`,
  `create table requests (
    id uuid primary key default gen_random_uuid(),
    vendor_id uuid not null references vendors(id) on delete cascade,
    location_id uuid not null references locations(id) on delete cascade,
    contact_id uuid not null references contacts(id) on delete cascade,
    type text not null,
    start_date date,
    excluded_invoice_ids jsonb not null default '[]'::jsonb,
    invoice_ids jsonb not null default '[]'::jsonb,
    plan jsonb,
    customer_manage boolean not null default true,
    status text not null default 'active' check (status in ('active','complete','canceled','expired')),
    created_at timestamptz not null default now()
  )`,
  `create index requests_contact_idx on requests (contact_id, location_id)`,
  `create table tokens (
    id uuid primary key default gen_random_uuid(),
    token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
    contact_id uuid not null references contacts(id) on delete cascade,
    vendor_id uuid references vendors(id) on delete cascade,
    location_id uuid references locations(id) on delete cascade,
    type text not null check (type in ('login','click2pay','autopay','paymentplan','statement','reminder','message')),
    status text not null default 'active' check (status in ('active','complete','canceled','expired')),
    request_id uuid references requests(id) on delete set null,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`,
  `create index tokens_contact_idx on tokens (contact_id)`,
  `create table invoices (
    id uuid primary key default gen_random_uuid(),
    vendor_id uuid not null references vendors(id) on delete cascade,
    location_id uuid not null references locations(id) on delete cascade,
    external_id text not null,
    display_inv_num text not null,
    open_amount_cents bigint not null,
    original_amount_cents bigint not null,
    due_date date,
    invoice_date date,
    external_invoice_date date,
    po_ref_id text,
    extra jsonb not null default '{}'::jsonb,
    payable boolean not null default true,
    deleted_at timestamptz,
    create_type text,
    external_url text,
    status text not null default 'open',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (vendor_id, external_id)
  )`,
  `create index invoices_location_idx on invoices (location_id, due_date)`,
  `create table invoice_journeys (
    id uuid primary key default gen_random_uuid(),
    invoice_id uuid not null references invoices(id) on delete cascade,
    contact_id uuid references contacts(id) on delete set null,
    action text not null,
    detail text,
    updated_at timestamptz not null default now()
  )`,
  `create index invoice_journeys_invoice_idx on invoice_journeys (invoice_id, updated_at)`,
  `create table payment_methods (
    id uuid primary key default gen_random_uuid(),
    contact_id uuid not null references contacts(id) on delete cascade,
    vendor_id uuid not null references vendors(id) on delete cascade,
    location_id uuid not null references locations(id) on delete cascade,
    provider text not null check (provider in ('plastiq-cc','priority-cc','priority-ach','direct-ach')),
    name text not null,
    last_four text not null check (last_four ~ '^[0-9]{4}$'),
    brand text,
    exp_month int check (exp_month is null or exp_month between 1 and 12),
    exp_year int,
    service_fee text,
    verification_required boolean not null default false,
    provider_token text not null,
    deleted_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index payment_methods_contact_idx on payment_methods (contact_id, location_id)`,
  `create table autopays (
    id uuid primary key default gen_random_uuid(),
    vendor_id uuid not null references vendors(id) on delete cascade,
    location_id uuid not null references locations(id) on delete cascade,
    contact_id uuid not null references contacts(id) on delete cascade,
    payment_method_id uuid not null references payment_methods(id),
    start_date date not null,
    excluded_invoice_ids jsonb not null default '[]'::jsonb,
    customer_manage boolean not null default true,
    deleted_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  // at most one live autopay per location
  `create unique index autopays_active_location_idx on autopays (location_id) where deleted_at is null`,
  `create table payment_plans (
    id uuid primary key default gen_random_uuid(),
    vendor_id uuid not null references vendors(id) on delete cascade,
    location_id uuid not null references locations(id) on delete cascade,
    contact_id uuid not null references contacts(id) on delete cascade,
    request_id uuid references requests(id) on delete set null,
    name text not null,
    status text not null check (status in ('active','complete','canceled')),
    total_amount_cents bigint not null check (total_amount_cents >= 0),
    each_amount_cents bigint not null check (each_amount_cents > 0),
    frequency text not null check (frequency in ('weekly','biweekly','monthly')),
    start_date date not null,
    payment_method_id uuid not null references payment_methods(id),
    created_at timestamptz not null default now()
  )`,
  `create index payment_plans_location_idx on payment_plans (location_id, status)`,
  `create table payment_groups (
    id uuid primary key default gen_random_uuid(),
    vendor_id uuid not null references vendors(id) on delete cascade,
    location_id uuid not null references locations(id) on delete cascade,
    contact_id uuid not null references contacts(id) on delete cascade,
    confirmation_number text not null,
    payment_date date not null,
    payment_total_cents bigint not null,
    payment_type text not null check (payment_type in ('CC','ACH')),
    status text not null check (status in ('scheduled','complete','canceled')),
    source_type text not null check (source_type in ('Portal','Click2Pay','Payment Plan','Autopay Plus','Message')),
    payment_plan_id uuid references payment_plans(id) on delete set null,
    request_id uuid references requests(id) on delete set null,
    payment_method_id uuid not null references payment_methods(id),
    idempotency_key text,
    created_at timestamptz not null default now(),
    unique (contact_id, idempotency_key)
  )`,
  `create index payment_groups_location_idx on payment_groups (location_id, payment_date)`,
  `create table payments (
    id uuid primary key default gen_random_uuid(),
    payment_group_id uuid not null references payment_groups(id) on delete cascade,
    invoice_id uuid not null references invoices(id) on delete cascade,
    paid_amount_cents bigint not null,
    subject text,
    message text
  )`,
  `create index payments_group_idx on payments (payment_group_id)`,
  `create index payments_invoice_idx on payments (invoice_id)`,
  `create table messages (
    id uuid primary key default gen_random_uuid(),
    vendor_id uuid not null references vendors(id) on delete cascade,
    location_id uuid not null references locations(id) on delete cascade,
    contact_id uuid not null references contacts(id) on delete cascade,
    invoice_id uuid references invoices(id) on delete set null,
    subject text not null,
    body text not null,
    payment_paid_amount_cents bigint,
    read_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index messages_location_idx on messages (location_id, created_at)`,
  `create table template_messages (
    id uuid primary key default gen_random_uuid(),
    vendor_id uuid not null references vendors(id) on delete cascade,
    location_id uuid not null references locations(id) on delete cascade,
    contact_id uuid not null references contacts(id) on delete cascade,
    subject text not null,
    rich_content jsonb not null default '{}'::jsonb,
    from_person jsonb not null default 'null'::jsonb,
    to_person jsonb not null default 'null'::jsonb,
    invoice_ids jsonb not null default '[]'::jsonb,
    created_at timestamptz not null default now()
  )`,
  `create table announcements (
    id uuid primary key default gen_random_uuid(),
    vendor_id uuid references vendors(id) on delete cascade,
    type text not null check (type in ('error','info')),
    message text not null,
    expiration_date date,
    created_at timestamptz not null default now()
  )`,
  `create table ads (
    file_id uuid primary key default gen_random_uuid(),
    vendor_id uuid not null references vendors(id) on delete cascade,
    file_url text not null,
    click_url text,
    sort_order int not null default 0,
    duration int not null default 5
  )`,
  `create index ads_vendor_idx on ads (vendor_id, sort_order)`,
  `create table holidays (
    date date primary key,
    name text not null
  )`,
  `create table app_config (
    key text primary key,
    value jsonb not null
  )`,
  `create table visits (
    id uuid primary key default gen_random_uuid(),
    contact_id uuid not null references contacts(id) on delete cascade,
    vendor_id uuid references vendors(id) on delete cascade,
    location_id uuid references locations(id) on delete cascade,
    created_at timestamptz not null default now()
  )`,
  `create table outbox (
    id uuid primary key default gen_random_uuid(),
    channel text not null check (channel in ('email','sms')),
    recipient text not null,
    subject text,
    body text not null,
    created_at timestamptz not null default now(),
    sent_at timestamptz,
    error text
  )`,
  `create index outbox_created_idx on outbox (created_at)`,
  `create table letmein_attempts (
    id uuid primary key default gen_random_uuid(),
    address_hash text not null,
    client_key text not null,
    created_at timestamptz not null default now()
  )`,
  `create index letmein_attempts_address_idx on letmein_attempts (address_hash, created_at)`,
  `create index letmein_attempts_client_idx on letmein_attempts (client_key, created_at)`,
];

/** All tables in dependency order (children first) — used by drop and by `resetAndSeed`. */
export const ALL_TABLES = [
  'letmein_attempts',
  'outbox',
  'visits',
  'app_config',
  'holidays',
  'ads',
  'announcements',
  'template_messages',
  'messages',
  'payments',
  'payment_groups',
  'payment_plans',
  'autopays',
  'payment_methods',
  'invoice_journeys',
  'invoices',
  'tokens',
  'requests',
  'contact_locations',
  'contacts',
  'locations',
  'vendors',
] as const;

/**
 * Indexes (see docs: the report list calls). Each matches one query's filter AND order, so the lists are read
 * in index order without a sort:
 * - payment report list (`repos/payment-groups.ts#groupsQuery`): contact + location, payment date desc, created desc;
 * - invoice report (`loadAll=true`) and the open invoices: location, due date (nulls last), number, id — the open list
 *   also by a partial index over the payable, not closed invoices;
 * - mark read (`repos/invoice-messages.ts`): the contact's unread messages of one invoice.
 */
const reportsIndexesUp = [
  `create index if not exists payment_groups_contact_list_idx on payment_groups (contact_id, location_id, payment_date desc, created_at desc)`,
  `create index if not exists invoices_location_list_idx on invoices (location_id, due_date, display_inv_num, id)`,
  `create index if not exists invoices_location_open_idx on invoices (location_id, due_date, display_inv_num, id) where payable and deleted_at is null`,
  `create index if not exists messages_unread_invoice_idx on messages (invoice_id, contact_id) where read_at is null`,
];
const reportsIndexesDown = [
  `drop index if exists messages_unread_invoice_idx`,
  `drop index if exists invoices_location_open_idx`,
  `drop index if exists invoices_location_list_idx`,
  `drop index if exists payment_groups_contact_list_idx`,
];

/**
 * `0003_payments_service`: the sandbox payments service's one-time keys and the micro-deposit verifications (typed in
 * server/payments-service/schema.ts).
 */
const paymentsServiceUp = [
  `create table tokenized_methods (
    id uuid primary key default gen_random_uuid(),
    key_hash text not null unique,
    contact_id uuid not null references contacts(id) on delete cascade,
    vendor_id uuid not null references vendors(id) on delete cascade,
    location_id uuid not null references locations(id) on delete cascade,
    provider text not null check (provider in ('plastiq-cc','priority-cc','priority-ach','direct-ach')),
    nickname text,
    name_on_card text,
    brand text,
    last_four text not null check (last_four ~ '^[0-9]{4}$'),
    exp_month int check (exp_month is null or exp_month between 1 and 12),
    exp_year int,
    provider_token text not null,
    expires_at timestamptz not null,
    used_at timestamptz,
    payment_method_id uuid references payment_methods(id) on delete set null,
    created_at timestamptz not null default now()
  )`,
  `create index tokenized_methods_expires_idx on tokenized_methods (expires_at)`,
  `create table payment_method_verifications (
    payment_method_id uuid primary key references payment_methods(id) on delete cascade,
    amount1_cents int not null check (amount1_cents between 1 and 99),
    amount2_cents int not null check (amount2_cents between 1 and 99),
    failed_attempts int not null default 0,
    verified_at timestamptz,
    created_at timestamptz not null default now()
  )`,
];

const paymentsServiceDown = ['drop table if exists payment_method_verifications', 'drop table if exists tokenized_methods'];

/** `0004_payment_attempts`: the per-contact limits on tokenizing and wrong micro-deposit answers (server/repos/payment-attempts.ts). */
const paymentAttemptsUp = [
  `create table payment_attempts (
    id uuid primary key default gen_random_uuid(),
    contact_id uuid not null references contacts(id) on delete cascade,
    kind text not null check (kind in ('tokenize','verification_failed')),
    created_at timestamptz not null default now()
  )`,
  `create index payment_attempts_contact_idx on payment_attempts (contact_id, kind, created_at)`,
];
const paymentAttemptsDown = ['drop table if exists payment_attempts'];

// The vendor API (openapi/vendor.yaml): its keys (only their SHA-256 hashes), and the vendor's own ids of its
// locations and contacts. Invoices already carry theirs (`invoices.external_id`, unique per vendor). A contact loaded
// by a vendor is that vendor's own: `vendor_contacts` maps (vendor, external id) to it.
const vendorApiUp = [
  `create table vendor_api_keys (
    id uuid primary key default gen_random_uuid(),
    vendor_id uuid not null references vendors(id) on delete cascade,
    name text not null check (length(name) between 1 and 100),
    prefix text not null check (prefix ~ '^ppk_[0-9a-z]{8}$'),
    key_hash text not null unique check (key_hash ~ '^[0-9a-f]{64}$'),
    created_at timestamptz not null default now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`,
  `create index vendor_api_keys_vendor_idx on vendor_api_keys (vendor_id, created_at)`,
  `alter table locations add column external_id text check (external_id is null or length(external_id) between 1 and 100)`,
  `create unique index locations_external_idx on locations (vendor_id, external_id) where external_id is not null`,
  `create table vendor_contacts (
    vendor_id uuid not null references vendors(id) on delete cascade,
    external_id text not null check (length(external_id) between 1 and 100),
    contact_id uuid not null unique references contacts(id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (vendor_id, external_id)
  )`,
  `create index invoices_vendor_id_idx on invoices (vendor_id, id)`,
];
const vendorApiDown = [
  `drop index if exists invoices_vendor_id_idx`,
  `drop table if exists vendor_contacts`,
  `drop index if exists locations_external_idx`,
  `alter table locations drop column if exists external_id`,
  `drop table if exists vendor_api_keys`,
];

// Events to vendors as Standard Webhooks (server/jobs/webhooks.ts): endpoints (their signing secrets sealed with
// the server's key, never in clear), events written in the transaction of the change that causes them, one delivery
// per event and endpoint with its retry schedule, and every attempt.
const webhooksUp = [
  `create table webhook_endpoints (
    id uuid primary key default gen_random_uuid(),
    vendor_id uuid not null references vendors(id) on delete cascade,
    url text not null check (length(url) between 8 and 2000),
    description text not null default '' check (length(description) <= 200),
    event_types jsonb not null default '[]'::jsonb,
    secret_sealed text not null,
    status text not null default 'enabled' check (status in ('enabled','disabled')),
    disabled_reason text,
    failing_since timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index webhook_endpoints_vendor_idx on webhook_endpoints (vendor_id, created_at)`,
  `create table webhook_events (
    id uuid primary key default gen_random_uuid(),
    seq bigserial not null unique,
    vendor_id uuid not null references vendors(id) on delete cascade,
    type text not null check (length(type) between 1 and 100),
    data jsonb not null,
    created_at timestamptz not null default now()
  )`,
  `create index webhook_events_vendor_seq_idx on webhook_events (vendor_id, seq)`,
  `create table webhook_deliveries (
    id uuid primary key default gen_random_uuid(),
    event_id uuid not null references webhook_events(id) on delete cascade,
    endpoint_id uuid not null references webhook_endpoints(id) on delete cascade,
    status text not null default 'pending' check (status in ('pending','delivered','failed')),
    attempts int not null default 0,
    next_attempt_at timestamptz not null default now(),
    lease_until timestamptz,
    delivered_at timestamptz,
    created_at timestamptz not null default now(),
    unique (event_id, endpoint_id)
  )`,
  `create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending'`,
  `create table webhook_attempts (
    id uuid primary key default gen_random_uuid(),
    delivery_id uuid not null references webhook_deliveries(id) on delete cascade,
    attempted_at timestamptz not null,
    status_code int,
    latency_ms int not null,
    response_excerpt text,
    error text
  )`,
  `create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, attempted_at)`,
];
const webhooksDown = [
  `drop table if exists webhook_attempts`,
  `drop table if exists webhook_deliveries`,
  `drop table if exists webhook_events`,
  `drop table if exists webhook_endpoints`,
];

const externalIdColumn = (table: string) => [
  `alter table ${table} add column external_id text check (external_id is null or length(external_id) between 1 and 100)`,
  `create unique index ${table}_external_idx on ${table} (vendor_id, external_id) where external_id is not null`,
];
const vendorContentUp = [
  ...externalIdColumn('announcements'),
  ...externalIdColumn('ads'),
  ...externalIdColumn('template_messages'),
  // content-addressed per vendor: the same image uploaded twice is one row; `path` is the URL the portal serves it at
  `create table vendor_images (
    vendor_id uuid not null references vendors(id) on delete cascade,
    sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
    content_type text not null check (content_type in ('image/png','image/jpeg','image/webp')),
    content bytea not null check (octet_length(content) between 1 and 524288),
    path text not null unique,
    created_at timestamptz not null default now(),
    primary key (vendor_id, sha256)
  )`,
];
const vendorContentDown = [
  `drop table if exists vendor_images`,
  ...['template_messages', 'ads', 'announcements'].flatMap((table) => [
    `drop index if exists ${table}_external_idx`,
    `alter table ${table} drop column if exists external_id`,
  ]),
];

export const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db) {
      await run(db, initialUp);
    },
    async down(db) {
      await run(
        db,
        ALL_TABLES.map((t) => `drop table if exists ${t} cascade`),
      );
    },
  },
  // `POST .../paymentgroups` exactly once per Idempotency-Key (server/use-cases/schedule-payment.ts).
  '0002_idempotency_keys': {
    async up(db) {
      await run(db, [
        `create table idempotency_keys (
          contact_id uuid not null references contacts(id) on delete cascade,
          idempotency_key text not null,
          operation text not null,
          request_hash text not null,
          response_status int not null,
          response_body jsonb not null,
          created_at timestamptz not null default now(),
          primary key (contact_id, idempotency_key)
        )`,
        `create index idempotency_keys_created_idx on idempotency_keys (created_at)`,
      ]);
    },
    async down(db) {
      await run(db, ['drop table if exists idempotency_keys']);
    },
  },
  // Sandbox payments service (tokenized methods) and micro-deposit verification (tables typed in server/payments-service/schema.ts).
  '0003_payments_service': {
    async up(db) {
      await run(db, paymentsServiceUp);
    },
    async down(db) {
      await run(db, paymentsServiceDown);
    },
  },
  // Limits on tokenization and wrong micro-deposit answers per contact (server/repos/payment-attempts.ts).
  '0004_payment_attempts': {
    async up(db) {
      await run(db, paymentAttemptsUp);
    },
    async down(db) {
      await run(db, paymentAttemptsDown);
    },
  },
  // Outbox delivery with an expiring lease and retries with backoff (server/repos/outbox.ts).
  '0005_outbox_lease': {
    async up(db) {
      await run(db, [
        `alter table outbox add column attempts int not null default 0`,
        `alter table outbox add column claimed_until timestamptz`,
        `alter table outbox add column next_attempt_at timestamptz`,
        `create index outbox_pending_idx on outbox (channel, sent_at)`,
      ]);
    },
    async down(db) {
      await run(db, [
        `drop index if exists outbox_pending_idx`,
        `alter table outbox drop column if exists next_attempt_at`,
        `alter table outbox drop column if exists claimed_until`,
        `alter table outbox drop column if exists attempts`,
      ]);
    },
  },
  // The pay page's list (server/repos/invoices.ts#locationInvoicesJson): a location's open invoices in list order,
  // read from one partial index instead of every invoice of the location and a sort.
  '0006_invoice_open_list_idx': {
    async up(db) {
      await run(db, [
        `create index invoices_open_list_idx on invoices (location_id, due_date asc nulls last, display_inv_num, id)
           where payable and deleted_at is null`,
      ]);
    },
    async down(db) {
      await run(db, [`drop index if exists invoices_open_list_idx`]);
    },
  },
  // The report lists at 5,000 invoices and 2,000 payment groups per location, mark-read of an invoice's messages.
  '0007_reports_indexes': {
    async up(db) {
      await run(db, reportsIndexesUp);
    },
    async down(db) {
      await run(db, reportsIndexesDown);
    },
  },
  // AutoPay charges (one row per AutoPay and invoice: the exactly-once key of the charge, and its retry
  // state), plan installments (one payment group per plan and installment number), a plan's invoices, one plan per
  // request (server/jobs/autopay.ts, server/jobs/plans.ts).
  '0008_autopay_plans_jobs': {
    async up(db) {
      await run(db, [
        `create table autopay_charges (
          id uuid primary key default gen_random_uuid(),
          autopay_id uuid not null references autopays(id) on delete cascade,
          invoice_id uuid not null references invoices(id) on delete cascade,
          due_on date not null,
          status text not null check (status in ('paid','failed','ended','stopped')),
          attempts int not null default 1 check (attempts >= 1),
          next_attempt_on date,
          payment_group_id uuid references payment_groups(id) on delete set null,
          last_error text,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now(),
          unique (autopay_id, invoice_id)
        )`,
        `create index autopay_charges_retry_idx on autopay_charges (next_attempt_on) where status = 'failed'`,
        `create index autopay_charges_invoice_idx on autopay_charges (invoice_id)`,
        `alter table payment_groups add column installment_number int check (installment_number is null or installment_number >= 1)`,
        `create unique index payment_groups_installment_idx on payment_groups (payment_plan_id, installment_number)`,
        `alter table payment_plans add column invoice_ids jsonb not null default '[]'::jsonb`,
        `create unique index payment_plans_request_idx on payment_plans (request_id) where request_id is not null`,
        `create index autopays_live_idx on autopays (vendor_id) where deleted_at is null`,
      ]);
    },
    async down(db) {
      await run(db, [
        `drop index if exists autopays_live_idx`,
        `drop index if exists payment_plans_request_idx`,
        `alter table payment_plans drop column if exists invoice_ids`,
        `drop index if exists payment_groups_installment_idx`,
        `alter table payment_groups drop column if exists installment_number`,
        `drop table if exists autopay_charges`,
      ]);
    },
  },
  // Statements, ads, reminders and their sends (see statementsRemindersUp below).
  '0009_statements_reminders': {
    async up(db) {
      await run(db, statementsRemindersUp);
    },
    async down(db) {
      await run(db, statementsRemindersDown);
    },
  },
  // Messages: the message list of a contact at a location, newest first (one index scan, no sort), and
  // which template message a payment came from (Pay in a template message → source Message).
  '0011_messages': {
    async up(db) {
      await run(db, [
        `create index if not exists messages_contact_location_idx on messages (contact_id, location_id, created_at desc, id desc)`,
        `create index if not exists template_messages_contact_location_idx on template_messages (contact_id, location_id, created_at desc)`,
        `alter table payment_groups add column if not exists template_message_id uuid references template_messages(id) on delete set null`,
      ]);
    },
    async down(db) {
      await run(db, [
        `alter table payment_groups drop column if exists template_message_id`,
        `drop index if exists template_messages_contact_location_idx`,
        `drop index if exists messages_contact_location_idx`,
      ]);
    },
  },
  // The per-location data version of the invoice list (server/db/list-versions.ts): bumped by triggers
  // whenever a location's invoices or requests change, read with the token; validates the list cache and ETags.
  '0012_list_data_versions': {
    async up(db) {
      await run(db, listDataVersionsUp);
    },
    async down(db) {
      await run(db, listDataVersionsDown);
    },
  },
  // the holiday list follows the Federal Reserve (core/rules/holidays.ts): a fixed-date holiday on a
  // Saturday is closed on that Saturday, not on the Friday before (the banks are open that Friday). Databases
  // seeded with the federal employees' rule list those Fridays; move each to its Saturday.
  '0013_federal_reserve_holidays': {
    async up(db) {
      await sql`update holidays set date = date + 1
        where extract(isodow from date) = 5
          and to_char(date + 1, 'MM-DD') in ('01-01', '06-19', '07-04', '11-11', '12-25')
          and not exists (select 1 from holidays later where later.date = holidays.date + 1)`.execute(db);
    },
    async down(db) {
      await sql`update holidays set date = date - 1
        where extract(isodow from date) = 6
          and to_char(date, 'MM-DD') in ('01-01', '06-19', '07-04', '11-11', '12-25')
          and not exists (select 1 from holidays earlier where earlier.date = holidays.date - 1)`.execute(db);
    },
  },
  '0014_vendor_api': {
    async up(db) {
      await run(db, vendorApiUp);
    },
    async down(db) {
      await run(db, vendorApiDown);
    },
  },
  '0017_webhooks': {
    async up(db) {
      await run(db, webhooksUp);
    },
    async down(db) {
      await run(db, webhooksDown);
    },
  },
  // When a payment group last changed, stamped by a trigger (server/db/payment-group-changes.ts): the order of the
  // vendor API's payment-group feed, indexed per vendor.
  '0015_payment_group_updated_at': {
    async up(db) {
      await run(db, paymentGroupChangesUp);
    },
    async down(db) {
      await run(db, paymentGroupChangesDown);
    },
  },
  // The vendor API's settings and content: the vendor's own ids of its announcements, ads and template messages (so
  // writing one twice is one row), and the images the portal serves for it (logo, ads) from its own origin.
  '0016_vendor_content': {
    async up(db) {
      await run(db, vendorContentUp);
    },
    async down(db) {
      await run(db, vendorContentDown);
    },
  },
  // Charges that really move money (server/jobs/settlement.ts): a payment group passes through `processing` and ends
  // `complete` or `failed`; each charge attempt of a group has its own idempotency key, written before the processor
  // is called (`payment_group_charges`), and the sandbox processor keeps its charges in its own table, UNIQUE on that
  // key, so the same key charged twice answers the first outcome (server/payments-service/sandbox.ts).
  '0018_sandbox_charges': {
    async up(db) {
      await run(db, chargesUp);
    },
    async down(db) {
      await run(db, chargesDown);
    },
  },
  // What the customer agreed to (server/use-cases/authorizations.ts): the terms' version and the SHA-256 of the
  // document shown, the time, the IP address and the user agent, for each payment, AutoPay and payment plan. The
  // records outlive the method and the AutoPay: nothing cascades from them (`on delete set null`), and a payment
  // group, AutoPay or plan names its record, never the other way round.
  '0019_authorizations': {
    async up(db) {
      await run(db, authorizationsUp);
    },
    async down(db) {
      await run(db, authorizationsDown);
    },
  },
  // ACH returns (server/jobs/ach-returns.ts): a completed bank debit returned by the customer's bank becomes
  // `returned`, recorded once per charge key (`payment_group_returns`, PRIMARY KEY = the charge's idempotency key);
  // a method returned R02/R03/R10 is unusable (`payment_methods.returned_code`, `unusable_since`); the sandbox's
  // ledger records the return a test account gets and the day it is visible.
  '0020_ach_returns': {
    async up(db) {
      await run(db, achReturnsUp);
    },
    async down(db) {
      await run(db, achReturnsDown);
    },
  },
  // Card service fee rules (core/rules/fees.ts): a card's funding by its BIN on the saved method and on the
  // tokenized row it comes from (the fee applies to credit cards only), and the fee charged stored on the payment
  // group as its own amount. Backfill: existing cards are credit (their numbers are not kept, so their BIN is not
  // known: unknown = credit); an existing card group's fee is what its total charges beyond its lines (the meaning
  // the vendor API's `serviceFee` had), a bank-account group's 0.
  '0021_card_fees': {
    async up(db) {
      await run(db, cardFeesUp);
    },
    async down(db) {
      await run(db, cardFeesDown);
    },
  },
  // Payment receipts (server/use-cases/payment-receipts.ts): one row per payment group and event (scheduled,
  // complete, failed, returned), inserted in the transaction of the change with the outbox row it wrote — the primary
  // key makes the receipt exactly once however often a job reruns. The outbox row is purged after a week; the
  // receipt row stays (so a late rerun still finds it and sends nothing).
  '0022_receipts': {
    async up(db) {
      await run(db, [
        `create table payment_receipts (
          payment_group_id uuid not null references payment_groups(id) on delete cascade,
          event text not null check (event in ('scheduled','complete','failed','returned')),
          channel text check (channel in ('email','sms')),
          outbox_id uuid references outbox(id) on delete set null,
          created_at timestamptz not null default now(),
          primary key (payment_group_id, event)
        )`,
      ]);
    },
    async down(db) {
      await run(db, [`drop table if exists payment_receipts`]);
    },
  },
  // Plan installment retries (core/rules/payment-retries.ts): a declined or returned installment is tried again with
  // a new payment group of the same installment number. The UNIQUE key now holds among the groups that are not a
  // failed attempt: at most one live or completed group per installment, however many processes retry it.
  '0023_installment_retries': {
    async up(db) {
      await run(db, [
        `drop index if exists payment_groups_installment_idx`,
        `create unique index payment_groups_installment_idx on payment_groups (payment_plan_id, installment_number)
           where status not in ('failed','returned')`,
      ]);
    },
    async down(db) {
      await run(db, [
        `drop index if exists payment_groups_installment_idx`,
        `create unique index payment_groups_installment_idx on payment_groups (payment_plan_id, installment_number)`,
      ]);
    },
  },
  // Safe retries of the vendor API (server/http/idempotency.ts): a POST's answer stored under (vendor,
  // Idempotency-Key), claimed in the transaction that does the request's work — a concurrent duplicate waits on the
  // primary key, then replays the answer.
  '0024_vendor_idempotency_keys': {
    async up(db) {
      await run(db, [
        `create table vendor_idempotency_keys (
          vendor_id uuid not null references vendors(id) on delete cascade,
          idempotency_key text not null check (length(idempotency_key) between 1 and 255),
          operation text not null,
          request_hash text not null,
          response_status int not null,
          response_sealed text,
          created_at timestamptz not null default now(),
          primary key (vendor_id, idempotency_key)
        )`,
        `create index vendor_idempotency_keys_created_idx on vendor_idempotency_keys (created_at)`,
      ]);
    },
    async down(db) {
      await run(db, [`drop table if exists vendor_idempotency_keys`]);
    },
  },
  // The vendor API's incremental sync (`GET /invoices?updatedSince=`): the vendor's invoices changed since a moment,
  // from an index instead of every invoice of the vendor. (Lookups by externalId use the UNIQUE keys each kind has.)
  '0025_invoice_updated_since': {
    async up(db) {
      await run(db, [`create index if not exists invoices_vendor_updated_idx on invoices (vendor_id, updated_at)`]);
    },
    async down(db) {
      await run(db, [`drop index if exists invoices_vendor_updated_idx`]);
    },
  },
  // Rotating a webhook endpoint's signing secret with an overlap (server/use-cases/vendor-webhooks.ts): the secret it
  // had stays, sealed, until the overlap ends, and every delivery meanwhile is signed with both.
  '0026_webhook_secret_rotation': {
    async up(db) {
      await run(db, [
        `alter table webhook_endpoints add column previous_secret_sealed text`,
        `alter table webhook_endpoints add column previous_secret_expires_at timestamptz`,
      ]);
    },
    async down(db) {
      await run(db, [
        `alter table webhook_endpoints drop column if exists previous_secret_expires_at`,
        `alter table webhook_endpoints drop column if exists previous_secret_sealed`,
      ]);
    },
  },
  // API keys that only read (reconciliation and events) and keys that expire (server/http/vendor-auth.ts).
  '0027_api_key_access': {
    async up(db) {
      await run(db, [
        `alter table vendor_api_keys add column access text not null default 'full' check (access in ('full','read'))`,
        `alter table vendor_api_keys add column expires_at timestamptz`,
      ]);
    },
    async down(db) {
      await run(db, [`alter table vendor_api_keys drop column if exists expires_at`, `alter table vendor_api_keys drop column if exists access`]);
    },
  },
  // The vendor API's rate limits (server/http/rate-limit.ts): requests counted per key, policy and minute in the
  // database, so the limit holds across every process sharing it. The purge job forgets windows older than an hour.
  '0028_vendor_rate_counts': {
    async up(db) {
      await run(db, [
        `create table vendor_rate_counts (
          key_id uuid not null references vendor_api_keys(id) on delete cascade,
          policy text not null check (policy in ('read','write','outbound')),
          window_start timestamptz not null,
          count int not null,
          primary key (key_id, policy, window_start)
        )`,
        `create index vendor_rate_counts_window_idx on vendor_rate_counts (window_start)`,
      ]);
    },
    async down(db) {
      await run(db, [`drop table if exists vendor_rate_counts`]);
    },
  },
  // Refunds of completed payment groups by the vendor (core/rules/refunds.ts, server/jobs/refunds.ts): one row per
  // refund with its processor idempotency key, written before the processor is called; and the sandbox processor's
  // refund ledger, UNIQUE on that key (the same key never refunds twice).
  '0029_refunds': {
    async up(db) {
      await run(db, [
        `create table refunds (
          id uuid primary key,
          vendor_id uuid not null references vendors(id) on delete cascade,
          payment_group_id uuid not null references payment_groups(id) on delete cascade,
          amount_cents bigint not null check (amount_cents > 0),
          fee_cents bigint not null default 0 check (fee_cents >= 0 and fee_cents <= amount_cents),
          lines jsonb not null default '[]'::jsonb,
          reopen_invoices boolean not null default false,
          reason text not null check (length(reason) between 1 and 500),
          status text not null default 'refund_pending' check (status in ('refund_pending','refunded','refund_failed')),
          idempotency_key text not null unique,
          send_on date not null,
          processor_refund_id text,
          failure_code text,
          failure_message text,
          created_at timestamptz not null default now(),
          resolved_at timestamptz
        )`,
        `create index refunds_group_idx on refunds (payment_group_id, created_at)`,
        `create index refunds_vendor_idx on refunds (vendor_id, created_at, id)`,
        `create index refunds_pending_idx on refunds (send_on) where status = 'refund_pending'`,
        `create table sandbox_refunds (
          id uuid primary key default gen_random_uuid(),
          idempotency_key text not null unique,
          charge_idempotency_key text not null,
          provider text not null,
          amount_cents bigint not null check (amount_cents > 0),
          outcome text not null check (outcome in ('succeeded','declined')),
          decline_code text,
          decline_message text,
          created_at timestamptz not null default now()
        )`,
        `create index sandbox_refunds_charge_idx on sandbox_refunds (charge_idempotency_key)`,
      ]);
    },
    async down(db) {
      await run(db, [`drop table if exists sandbox_refunds`, `drop table if exists refunds`]);
    },
  },
  // File imports over the vendor API (server/use-cases/vendor-http-import.ts, the `imports` job): the import, and its
  // upload kept in chunks as it streams in (never whole in a process's memory), read back a chunk at a time.
  '0030_vendor_imports': {
    async up(db) {
      await run(db, [
        `create table vendor_imports (
          id uuid primary key default gen_random_uuid(),
          vendor_id uuid not null references vendors(id) on delete cascade,
          kind text not null check (kind in ('invoices')),
          format text not null check (format in ('csv','ndjson')),
          dry_run boolean not null default false,
          status text not null default 'receiving' check (status in ('receiving','queued','running','succeeded','failed')),
          bytes bigint not null default 0,
          summary jsonb,
          problems jsonb not null default '[]'::jsonb,
          problem_count int not null default 0,
          lease_until timestamptz,
          created_at timestamptz not null default now(),
          started_at timestamptz,
          finished_at timestamptz
        )`,
        `create index vendor_imports_vendor_idx on vendor_imports (vendor_id, created_at)`,
        `create index vendor_imports_waiting_idx on vendor_imports (created_at) where status in ('queued','running')`,
        `create table vendor_import_chunks (
          import_id uuid not null references vendor_imports(id) on delete cascade,
          seq int not null,
          data bytea not null,
          primary key (import_id, seq)
        )`,
      ]);
    },
    async down(db) {
      await run(db, [`drop table if exists vendor_import_chunks`, `drop table if exists vendor_imports`]);
    },
  },
  '0031_vendor_users': {
    async up(db) {
      await run(db, [
        // the vendor's people (the console): one row per person and vendor; an address may belong to several vendors
        `create table vendor_users (
          id uuid primary key default gen_random_uuid(),
          vendor_id uuid not null references vendors(id) on delete cascade,
          email text not null check (email = lower(email) and length(email) between 3 and 254),
          name text check (length(name) <= 120),
          role text not null check (role in ('admin','ar','viewer')),
          invited_by uuid references vendor_users(id) on delete set null,
          created_at timestamptz not null default now(),
          last_sign_in_at timestamptz,
          removed_at timestamptz
        )`,
        `create unique index vendor_users_email_idx on vendor_users (vendor_id, email) where removed_at is null`,
        `create index vendor_users_by_email_idx on vendor_users (email) where removed_at is null`,
        // a sign-in (or invitation) link: only its SHA-256 is kept; used once
        `create table vendor_sign_in_links (
          id uuid primary key default gen_random_uuid(),
          user_id uuid not null references vendor_users(id) on delete cascade,
          token_hash text not null unique,
          purpose text not null check (purpose in ('sign_in','invitation')),
          created_at timestamptz not null default now(),
          expires_at timestamptz not null,
          used_at timestamptz
        )`,
        `create index vendor_sign_in_links_expiry_idx on vendor_sign_in_links (expires_at)`,
        // a signed-in browser: only the cookie's SHA-256 is kept; idle and absolute expiry, revocable
        `create table vendor_sessions (
          id uuid primary key default gen_random_uuid(),
          user_id uuid not null references vendor_users(id) on delete cascade,
          vendor_id uuid not null references vendors(id) on delete cascade,
          token_hash text not null unique,
          created_at timestamptz not null default now(),
          last_seen_at timestamptz not null default now(),
          expires_at timestamptz not null,
          revoked_at timestamptz,
          ip text,
          user_agent text
        )`,
        `create index vendor_sessions_user_idx on vendor_sessions (user_id) where revoked_at is null`,
        // rate counts are kept per caller: a key's id or a person's (their ids never collide: both are random UUIDs)
        `alter table vendor_rate_counts drop constraint if exists vendor_rate_counts_key_id_fkey`,
        `alter table vendor_rate_counts rename column key_id to caller_id`,
      ]);
    },
    async down(db) {
      await run(db, [
        `delete from vendor_rate_counts where caller_id not in (select id from vendor_api_keys)`,
        `alter table vendor_rate_counts rename column caller_id to key_id`,
        `alter table vendor_rate_counts add constraint vendor_rate_counts_key_id_fkey foreign key (key_id) references vendor_api_keys(id) on delete cascade`,
        `drop table if exists vendor_sessions`,
        `drop table if exists vendor_sign_in_links`,
        `drop table if exists vendor_users`,
      ]);
    },
  },
  '0032_vendor_audit_events': {
    async up(db) {
      await run(db, [
        // every change made through the vendor API, by a key or a person, in the transaction of the change
        `create table vendor_audit_events (
          seq bigserial primary key,
          vendor_id uuid not null references vendors(id),
          at timestamptz not null default now(),
          actor_kind text not null check (actor_kind in ('key','person')),
          actor_id uuid not null,
          actor_label text not null check (length(actor_label) <= 300),
          action text not null check (length(action) <= 100),
          method text not null check (method in ('POST','PUT','PATCH','DELETE')),
          path text not null check (length(path) <= 2048),
          status int not null,
          ip text check (length(ip) <= 64),
          user_agent text check (length(user_agent) <= 300)
        )`,
        `create index vendor_audit_events_vendor_idx on vendor_audit_events (vendor_id, seq desc)`,
        `create index vendor_audit_events_actor_idx on vendor_audit_events (vendor_id, actor_id, seq desc)`,
        `create index vendor_audit_events_action_idx on vendor_audit_events (vendor_id, action, seq desc)`,
        // append-only: no row is ever changed or deleted (a vendor's rows stay while the vendor does)
        `create function vendor_audit_events_append_only() returns trigger language plpgsql as $$
          begin
            raise exception 'vendor_audit_events is append-only';
          end
        $$`,
        `create trigger vendor_audit_events_append_only before update or delete on vendor_audit_events
          for each row execute function vendor_audit_events_append_only()`,
      ]);
    },
    async down(db) {
      await run(db, [`drop table if exists vendor_audit_events`, `drop function if exists vendor_audit_events_append_only()`]);
    },
  },
  '0033_invoice_search': {
    async up(db) {
      await run(db, [
        // the console's invoice search: a number's beginning, whatever its case, and a due-date range
        `create index invoices_vendor_number_idx on invoices (vendor_id, lower(display_inv_num) text_pattern_ops)`,
        `create index invoices_vendor_due_idx on invoices (vendor_id, due_date)`,
      ]);
    },
    async down(db) {
      await run(db, [`drop index if exists invoices_vendor_number_idx`, `drop index if exists invoices_vendor_due_idx`]);
    },
  },
  '0034_vendor_import_progress': {
    async up(db) {
      await run(db, [
        // how far a running import is: checking (the rows read so far) or writing
        `alter table vendor_imports add column phase text check (phase in ('checking','writing'))`,
        `alter table vendor_imports add column rows_checked int not null default 0`,
      ]);
    },
    async down(db) {
      await run(db, [`alter table vendor_imports drop column if exists phase`, `alter table vendor_imports drop column if exists rows_checked`]);
    },
  },
  '0035_dispute_replies': {
    async up(db) {
      await run(db, [
        // a customer's dispute or short-pay (a message with the paid amount) is open until the vendor resolves it
        `alter table messages add column resolved_at timestamptz`,
        `alter table messages add column resolved_by text check (length(resolved_by) <= 300)`,
        // the vendor's reply to one: a message to the contact in the same thread, with who wrote it
        `alter table messages add column reply_to uuid references messages(id) on delete cascade`,
        `alter table messages add column author_label text check (length(author_label) <= 300)`,
        `create index messages_vendor_adjustments_idx on messages (vendor_id, created_at desc, id) where payment_paid_amount_cents is not null and reply_to is null`,
        `create index messages_reply_to_idx on messages (reply_to) where reply_to is not null`,
      ]);
    },
    async down(db) {
      await run(db, [
        `drop index if exists messages_reply_to_idx`,
        `drop index if exists messages_vendor_adjustments_idx`,
        `delete from messages where reply_to is not null`,
        `alter table messages drop column if exists author_label`,
        `alter table messages drop column if exists reply_to`,
        `alter table messages drop column if exists resolved_by`,
        `alter table messages drop column if exists resolved_at`,
      ]);
    },
  },
  '0036_vendor_passkeys': {
    async up(db) {
      await run(db, [
        // a person's passkeys (WebAuthn): the credential's id and public key, never a secret; the signature counter
        `create table vendor_passkeys (
           id uuid primary key default gen_random_uuid(),
           user_id uuid not null references vendor_users(id) on delete cascade,
           credential_id text not null unique check (length(credential_id) <= 1400),
           public_key bytea not null check (octet_length(public_key) <= 4096),
           counter bigint not null default 0,
           transports jsonb not null default '[]',
           name text not null check (length(name) between 1 and 100),
           created_at timestamptz not null default now(),
           last_used_at timestamptz
         )`,
        `create index vendor_passkeys_user_idx on vendor_passkeys (user_id)`,
        // a session of an admin with a passkey waits for it after the link ('pending') until it is used ('passed');
        // the challenge the person's next WebAuthn ceremony must sign (one at a time, 5 minutes)
        `alter table vendor_sessions add column second_factor text not null default 'none' check (second_factor in ('none','pending','passed'))`,
        `alter table vendor_sessions add column webauthn_challenge text check (length(webauthn_challenge) <= 200)`,
        `alter table vendor_sessions add column webauthn_challenge_purpose text check (webauthn_challenge_purpose in ('registration','authentication'))`,
        `alter table vendor_sessions add column webauthn_challenge_expires_at timestamptz`,
      ]);
    },
    async down(db) {
      await run(db, [
        `alter table vendor_sessions drop column if exists webauthn_challenge_expires_at`,
        `alter table vendor_sessions drop column if exists webauthn_challenge_purpose`,
        `alter table vendor_sessions drop column if exists webauthn_challenge`,
        `alter table vendor_sessions drop column if exists second_factor`,
        `drop table if exists vendor_passkeys`,
      ]);
    },
  },
};

// ── statements and reminders ──
// Statement delivery settings (one per contact and location), the statement-request mark, statement and reminder
// sends (exactly once per logical effect by their UNIQUE keys), reminder campaigns, ad impressions and clicks, and
// outbox attachments (the statement PDF). See server/jobs/statements.ts, server/jobs/reminders.ts.
const statementsRemindersUp = [
  `create table statement_deliveries (
    id uuid primary key default gen_random_uuid(),
    contact_id uuid not null references contacts(id) on delete cascade,
    vendor_id uuid not null references vendors(id) on delete cascade,
    location_id uuid not null,
    schedule_unit text not null check (schedule_unit in ('weekly','biweekly','monthly')),
    schedule_value text not null check (
      (schedule_unit in ('weekly','biweekly') and schedule_value in ('sun','mon','tue','wed','thu','fri','sat'))
      or (schedule_unit = 'monthly' and schedule_value ~ '^([0-9]|1[0-9]|2[0-8])$')),
    send_empty_statements boolean not null default false,
    active_from date not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (contact_id, location_id),
    foreign key (vendor_id, location_id) references locations (vendor_id, id) on delete cascade
  )`,
  `create table statement_request_marks (
    contact_id uuid not null references contacts(id) on delete cascade,
    location_id uuid not null references locations(id) on delete cascade,
    first_marked_at timestamptz not null default now(),
    last_marked_at timestamptz not null default now(),
    primary key (contact_id, location_id)
  )`,
  `create table outbox_attachments (
    id uuid primary key default gen_random_uuid(),
    outbox_id uuid not null references outbox(id) on delete cascade,
    filename text not null,
    content_type text not null,
    content bytea not null
  )`,
  `create index outbox_attachments_outbox_idx on outbox_attachments (outbox_id)`,
  `create table statement_sends (
    id uuid primary key default gen_random_uuid(),
    delivery_id uuid references statement_deliveries(id) on delete set null,
    contact_id uuid not null references contacts(id) on delete cascade,
    vendor_id uuid not null references vendors(id) on delete cascade,
    location_id uuid not null references locations(id) on delete cascade,
    period_date date not null,
    sent_on date not null,
    late boolean not null default false,
    outcome text not null check (outcome in ('sent','skipped_empty')),
    outbox_id uuid references outbox(id) on delete set null,
    created_at timestamptz not null default now(),
    unique (contact_id, location_id, period_date)
  )`,
  `create table reminder_campaigns (
    id uuid primary key default gen_random_uuid(),
    contact_id uuid not null references contacts(id) on delete cascade,
    vendor_id uuid not null references vendors(id) on delete cascade,
    location_id uuid not null,
    event_day int not null check (event_day between -90 and 90),
    deliver_to text not null,
    created_at timestamptz not null default now(),
    unique (contact_id, location_id, event_day),
    foreign key (vendor_id, location_id) references locations (vendor_id, id) on delete cascade
  )`,
  `create table reminder_sends (
    id uuid primary key default gen_random_uuid(),
    campaign_id uuid not null references reminder_campaigns(id) on delete cascade,
    invoice_id uuid not null references invoices(id) on delete cascade,
    reminder_date date not null,
    sent_on date not null,
    late boolean not null default false,
    channel text not null check (channel in ('email','sms')),
    outbox_id uuid references outbox(id) on delete set null,
    created_at timestamptz not null default now(),
    unique (campaign_id, invoice_id, reminder_date)
  )`,
  `create table ad_events (
    id uuid primary key default gen_random_uuid(),
    file_id uuid not null references ads(file_id) on delete cascade,
    kind text not null check (kind in ('impression','click')),
    contact_id uuid not null references contacts(id) on delete cascade,
    location_id uuid not null references locations(id) on delete cascade,
    display_page text not null,
    user_timezone text not null,
    created_at timestamptz not null default now()
  )`,
  `create index ad_events_file_idx on ad_events (file_id, kind, created_at)`,
];
const statementsRemindersDown = [
  `drop table if exists ad_events`,
  `drop table if exists reminder_sends`,
  `drop table if exists reminder_campaigns`,
  `drop table if exists statement_sends`,
  `drop table if exists outbox_attachments`,
  `drop table if exists statement_request_marks`,
  `drop table if exists statement_deliveries`,
];

// ── charges ──
const chargesUp = [
  `alter table payment_groups drop constraint if exists payment_groups_status_check`,
  `alter table payment_groups add constraint payment_groups_status_check
     check (status in ('scheduled','processing','complete','failed','canceled'))`,
  `create table payment_group_charges (
    payment_group_id uuid not null references payment_groups(id) on delete cascade,
    attempt int not null check (attempt >= 1),
    idempotency_key text not null unique,
    amount_cents bigint not null,
    status text not null check (status in ('pending','succeeded','failed')),
    charge_id text,
    failure_code text,
    failure_message text,
    created_at timestamptz not null default now(),
    resolved_at timestamptz,
    primary key (payment_group_id, attempt)
  )`,
  `create index payment_group_charges_pending_idx on payment_group_charges (payment_group_id) where status = 'pending'`,
  `create index payment_groups_processing_idx on payment_groups (payment_date) where status = 'processing'`,
  `create table sandbox_charges (
    id uuid primary key default gen_random_uuid(),
    idempotency_key text not null unique,
    provider text not null,
    kind text not null check (kind in ('card','ach')),
    provider_token text not null,
    amount_cents bigint not null check (amount_cents > 0),
    outcome text not null check (outcome in ('succeeded','declined')),
    decline_code text,
    decline_message text,
    created_at timestamptz not null default now()
  )`,
];
const chargesDown = [
  `drop table if exists sandbox_charges`,
  `drop index if exists payment_groups_processing_idx`,
  `drop table if exists payment_group_charges`,
  `update payment_groups set status = 'scheduled' where status = 'processing'`,
  `update payment_groups set status = 'canceled' where status = 'failed'`,
  `alter table payment_groups drop constraint if exists payment_groups_status_check`,
  `alter table payment_groups add constraint payment_groups_status_check check (status in ('scheduled','complete','canceled'))`,
];

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};

// ── authorization records ──
const authorizationsUp = [
  `create table payment_authorizations (
    id uuid primary key default gen_random_uuid(),
    vendor_id uuid not null references vendors(id) on delete cascade,
    contact_id uuid references contacts(id) on delete set null,
    kind text not null check (kind in ('payment','autopay','payment_plan')),
    payment_method_id uuid references payment_methods(id) on delete set null,
    provider text not null,
    epa_version text not null,
    epa_sha256 text not null check (epa_sha256 ~ '^[0-9a-f]{64}$'),
    agreed_at timestamptz not null,
    ip_address text check (length(ip_address) <= 64),
    user_agent text check (length(user_agent) <= 512),
    created_at timestamptz not null default now()
  )`,
  // the set-null actions of a method's or contact's (hard) delete find their rows by index
  `create index payment_authorizations_method_idx on payment_authorizations (payment_method_id)`,
  `create index payment_authorizations_contact_idx on payment_authorizations (contact_id)`,
  `alter table payment_groups add column authorization_id uuid references payment_authorizations(id) on delete set null`,
  `alter table autopays add column authorization_id uuid references payment_authorizations(id) on delete set null`,
  `alter table payment_plans add column authorization_id uuid references payment_authorizations(id) on delete set null`,
];
const cardFeesUp = [
  `alter table payment_methods add column card_funding text check (card_funding in ('credit','debit','prepaid'))`,
  `update payment_methods set card_funding = 'credit' where provider like '%-cc'`,
  `alter table tokenized_methods add column card_funding text check (card_funding in ('credit','debit','prepaid'))`,
  `alter table payment_groups add column service_fee_cents bigint not null default 0 check (service_fee_cents >= 0)`,
  // the backfill keeps each group's vendor-visible payload (its serviceFee was already total − lines): no change for
  // the change feed, so the touch trigger (0015) is off while it runs
  `alter table payment_groups disable trigger payment_groups_touch`,
  `update payment_groups g set service_fee_cents = greatest(g.payment_total_cents - coalesce(
     (select sum(p.paid_amount_cents) from payments p where p.payment_group_id = g.id), 0), 0)
   where g.payment_type = 'CC'`,
  `alter table payment_groups enable trigger payment_groups_touch`,
];
const cardFeesDown = [
  `alter table payment_groups drop column if exists service_fee_cents`,
  `alter table tokenized_methods drop column if exists card_funding`,
  `alter table payment_methods drop column if exists card_funding`,
];
const authorizationsDown = [
  `alter table payment_plans drop column if exists authorization_id`,
  `alter table autopays drop column if exists authorization_id`,
  `alter table payment_groups drop column if exists authorization_id`,
  `drop table if exists payment_authorizations`,
];

// ── ACH returns ──
const achReturnsUp = [
  `alter table payment_groups drop constraint if exists payment_groups_status_check`,
  `alter table payment_groups add constraint payment_groups_status_check
     check (status in ('scheduled','processing','complete','failed','canceled','returned'))`,
  `alter table payment_groups add column return_code text`,
  `create table payment_group_returns (
    idempotency_key text primary key references payment_group_charges(idempotency_key) on delete cascade,
    payment_group_id uuid not null references payment_groups(id) on delete cascade,
    charge_id text,
    code text not null check (code ~ '^R[0-9A-Z]{2}$'),
    message text not null,
    returned_on date not null,
    recorded_at timestamptz not null default now()
  )`,
  `create index payment_group_returns_group_idx on payment_group_returns (payment_group_id)`,
  `alter table payment_methods add column returned_code text`,
  `alter table payment_methods add column unusable_since timestamptz`,
  `alter table sandbox_charges add column return_code text`,
  `alter table sandbox_charges add column return_message text`,
  `alter table sandbox_charges add column returned_on date`,
  `create index sandbox_charges_returned_idx on sandbox_charges (provider, returned_on) where return_code is not null`,
];
const achReturnsDown = [
  `drop index if exists sandbox_charges_returned_idx`,
  `alter table sandbox_charges drop column if exists returned_on`,
  `alter table sandbox_charges drop column if exists return_message`,
  `alter table sandbox_charges drop column if exists return_code`,
  `alter table payment_methods drop column if exists unusable_since`,
  `alter table payment_methods drop column if exists returned_code`,
  `drop table if exists payment_group_returns`,
  `alter table payment_groups drop column if exists return_code`,
  `update payment_groups set status = 'complete' where status = 'returned'`,
  `alter table payment_groups drop constraint if exists payment_groups_status_check`,
  `alter table payment_groups add constraint payment_groups_status_check
     check (status in ('scheduled','processing','complete','failed','canceled'))`,
];
