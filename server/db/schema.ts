/**
 * Kysely table types for the PerformancePay reference server.
 *
 * Columns are snake_case in PostgreSQL; the Kysely instance uses `CamelCasePlugin`, so
 * TypeScript sees camelCase names (e.g. `open_amount_cents` → `openAmountCents`).
 *
 * Type conventions (both on PGlite and on a PostgreSQL server, see `connect.ts`):
 * - `bigint` money columns (`*_cents`) come back as JS `number` (parser for oid 20; values beyond
 *   Number.MAX_SAFE_INTEGER would stay strings, never reached with cents).
 * - `date` columns come back as `yyyy-MM-dd` strings (parser for oid 1082 returns the raw text).
 * - `timestamptz` columns come back as JS `Date`; insert `Date` or an ISO string.
 * - `jsonb` columns come back parsed. To WRITE a jsonb value use the `json()` helper from
 *   `server/db/json.ts` (node-postgres would turn a JS array into a PostgreSQL array literal).
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { CardFunding } from '../../core/rules/fees.js';

/** `timestamptz` (selected as Date). */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** `timestamptz not null default now()` */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** `date` as `yyyy-MM-dd` text. */
export type DateString = string;
/** `jsonb` column holding T. Insert/update with `json(value)` (or a JSON string). */
export type Json<T> = ColumnType<T, T | string, T | string>;
/** `jsonb not null default …` */
export type JsonDefault<T> = ColumnType<T, T | string | undefined, T | string>;
/** `bigint` cents → number. */
export type Cents = ColumnType<number, number | bigint | string, number | bigint | string>;

export interface Address {
  addressLine1: string;
  /** empty string when none */
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
}

export interface VendorConfig {
  appName?: string;
  logoUrl?: string | null;
  c2pPaymentDays?: number | null;
  autoPayStartDateTimeFrame?: number | null;
  achProcessor?: PaymentProvider;
  [key: string]: unknown;
}

/** A payment provider enabled for a vendor/location (contract schema PaymentConfig). */
export interface PaymentConfig {
  provider: PaymentProvider;
  type: PaymentType;
  /** percent string like '2.9'; null when none (card providers only) */
  serviceFee: string | null;
}

export interface EodCutoff {
  hour: number;
  timezone: string;
}

export type TokenType =
  | 'login'
  | 'click2pay'
  | 'autopay'
  | 'paymentplan'
  | 'statement'
  | 'reminder'
  | 'message';
export type TokenStatus = 'active' | 'complete' | 'canceled' | 'expired';
export type PaymentProvider = 'plastiq-cc' | 'priority-cc' | 'priority-ach' | 'direct-ach';
export type PlanStatus = 'active' | 'complete' | 'canceled';
export type PlanFrequency = 'weekly' | 'biweekly' | 'monthly';
/**
 * scheduled → processing (charge sent) → complete | failed; scheduled → canceled (migration 0018_sandbox_charges);
 * complete → returned (an ACH debit the bank returned, migration 0020_ach_returns)
 */
export type PaymentGroupStatus = 'scheduled' | 'processing' | 'complete' | 'failed' | 'canceled' | 'returned';
export type PaymentType = 'CC' | 'ACH';
export type PaymentSourceType = 'Portal' | 'Click2Pay' | 'Payment Plan' | 'Autopay Plus' | 'Message';
export type AnnouncementType = 'error' | 'info';
export type OutboxChannel = 'email' | 'sms';

/** requests.plan — amounts in INTEGER CENTS (like every money value in the database). */
export interface RequestPlan {
  paymentPlanName: string;
  /** yyyy-MM-dd */
  startDate: string;
  frequency: PlanFrequency;
  /** cents */
  totalAmount: number;
  /** cents */
  eachAmount: number;
}

export interface InvoiceExtra {
  eodPassthrough?: { stId?: string | null; stName?: string | null };
  [key: string]: unknown;
}

/** from/to of a template message */
export interface Person {
  firstName: string;
  lastName: string;
  /** e-mail or phone the message went to (to-person only) */
  deliverTo?: string | null;
}

export interface VendorsTable {
  id: Generated<string>;
  name: string;
  displayName: string;
  address: Json<Address | null>;
  createType: string | null;
  config: JsonDefault<VendorConfig>;
  eodCutoff: JsonDefault<EodCutoff>;
  featureFlags: JsonDefault<Record<string, boolean>>;
  invoiceFilterColumns: JsonDefault<unknown[]>;
  paymentConfigs: JsonDefault<PaymentConfig[]>;
  /** contract: paymentMethodConfig.options */
  paymentMethodOptions: JsonDefault<string[]>;
  /** server-internal, never returned to callers */
  internal: JsonDefault<Record<string, unknown>>;
  createdAt: CreatedAt;
}

export interface LocationsTable {
  id: Generated<string>;
  vendorId: string;
  displayName: string;
  address: Json<Address | null>;
  createType: string | null;
  paymentConfigs: JsonDefault<PaymentConfig[]>;
  /** the vendor's own id of the location (vendor API), unique per vendor */
  externalId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
}

/** A vendor API key: only its SHA-256 hash is kept (migration 0014). */
export interface VendorApiKeysTable {
  id: Generated<string>;
  vendorId: string;
  name: string;
  /** `ppk_` and 8 characters: the key's visible start */
  prefix: string;
  keyHash: string;
  createdAt: CreatedAt;
  lastUsedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revokedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** `full`, or `read`: reconciliation and events only (migration 0027) */
  access: ColumnType<ApiKeyAccess, ApiKeyAccess | undefined, ApiKeyAccess>;
  /** refused from this moment on; null: never expires */
  expiresAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type ApiKeyAccess = 'full' | 'read';

/** A person of a vendor who signs in to the console (migration 0031). */
export type VendorRole = 'admin' | 'ar' | 'viewer';
export interface VendorUsersTable {
  id: Generated<string>;
  vendorId: string;
  /** lower case */
  email: string;
  name: string | null;
  role: VendorRole;
  invitedBy: string | null;
  createdAt: CreatedAt;
  lastSignInAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** removed from the team: signs in no more; the row stays for the audit log's names */
  removedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A sign-in or invitation link of the console: only its SHA-256 is kept; used once. */
export interface VendorSignInLinksTable {
  id: Generated<string>;
  userId: string;
  tokenHash: string;
  purpose: 'sign_in' | 'invitation';
  createdAt: CreatedAt;
  expiresAt: Date;
  usedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A change made through the vendor API, by a key or a person (migration 0032); append-only. */
export interface VendorAuditEventsTable {
  seq: Generated<string>;
  vendorId: string;
  at: CreatedAt;
  actorKind: 'key' | 'person';
  actorId: string;
  actorLabel: string;
  action: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  status: number;
  ip: string | null;
  userAgent: string | null;
}

/** A signed-in browser of the console: only its cookie's SHA-256 is kept. */
export interface VendorSessionsTable {
  id: Generated<string>;
  userId: string;
  vendorId: string;
  tokenHash: string;
  createdAt: CreatedAt;
  lastSeenAt: ColumnType<Date, Date | string | undefined, Date | string>;
  /** the absolute end, whatever the activity */
  expiresAt: Date;
  revokedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  ip: string | null;
  userAgent: string | null;
  /** migration 0036: an admin with a passkey is 'pending' after the link until the passkey is used ('passed') */
  secondFactor: ColumnType<SecondFactorState, SecondFactorState | undefined, SecondFactorState>;
  webauthnChallenge: ColumnType<string | null, string | null | undefined, string | null>;
  webauthnChallengePurpose: ColumnType<'registration' | 'authentication' | null, 'registration' | 'authentication' | null | undefined, 'registration' | 'authentication' | null>;
  webauthnChallengeExpiresAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type SecondFactorState = 'none' | 'pending' | 'passed';

/** A person's passkey (migration 0036): the credential's id and public key — nothing secret. */
export interface VendorPasskeysTable {
  id: Generated<string>;
  userId: string;
  credentialId: string;
  publicKey: Buffer;
  counter: ColumnType<string, number | string | undefined, number | string>;
  transports: JsonDefault<string[]>;
  name: string;
  createdAt: CreatedAt;
  lastUsedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The vendor's own id of a contact it loaded through the vendor API; the contact is that vendor's. */
export interface VendorContactsTable {
  vendorId: string;
  externalId: string;
  contactId: string;
  createdAt: CreatedAt;
}

export type WebhookEndpointStatus = 'enabled' | 'disabled';

export interface WebhookEndpointsTable {
  id: Generated<string>;
  vendorId: string;
  url: string;
  description: ColumnType<string, string | undefined, string>;
  /** the event types sent to it; empty: every type */
  eventTypes: JsonDefault<string[]>;
  /** the signing secret, sealed with the server's key (server/domain/secret-box.ts) */
  secretSealed: string;
  /** the secret it had before a rotation, sealed; deliveries are signed with it too until `previousSecretExpiresAt` (migration 0026) */
  previousSecretSealed: ColumnType<string | null, string | null | undefined, string | null>;
  previousSecretExpiresAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  status: ColumnType<WebhookEndpointStatus, WebhookEndpointStatus | undefined, WebhookEndpointStatus>;
  disabledReason: ColumnType<string | null, string | null | undefined, string | null>;
  failingSince: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface WebhookEventsTable {
  id: Generated<string>;
  /** bigserial: the order of events, and the cursor of `GET /events` */
  seq: ColumnType<string, never, never>;
  vendorId: string;
  type: string;
  data: Json<Record<string, unknown>>;
  createdAt: CreatedAt;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  eventId: string;
  endpointId: string;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: CreatedAt;
  leaseUntil: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  deliveredAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  createdAt: CreatedAt;
}

export interface WebhookAttemptsTable {
  id: Generated<string>;
  deliveryId: string;
  attemptedAt: Timestamp;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

export interface ContactsTable {
  id: Generated<string>;
  firstName: string;
  lastName: string;
  /** lower-cased */
  email: string | null;
  /** digits only */
  phone: string | null;
  createdAt: CreatedAt;
}

export interface ContactLocationsTable {
  contactId: string;
  vendorId: string;
  locationId: string;
}

export interface TokensTable {
  id: Generated<string>;
  /** sha256 hex of the raw token; the raw token is never stored */
  tokenHash: string;
  contactId: string;
  vendorId: string | null;
  locationId: string | null;
  type: TokenType;
  status: ColumnType<TokenStatus, TokenStatus | undefined, TokenStatus>;
  requestId: string | null;
  expiresAt: Timestamp;
  createdAt: CreatedAt;
}

export interface RequestsTable {
  id: Generated<string>;
  vendorId: string;
  locationId: string;
  contactId: string;
  type: string;
  startDate: DateString | null;
  excludedInvoiceIds: JsonDefault<string[]>;
  invoiceIds: JsonDefault<string[]>;
  plan: Json<RequestPlan | null>;
  /** AutoPay requests: whether the customer may edit start date and exclusions */
  customerManage: ColumnType<boolean, boolean | undefined, boolean>;
  /** active | complete | canceled | expired */
  status: ColumnType<TokenStatus, TokenStatus | undefined, TokenStatus>;
  createdAt: CreatedAt;
}

export interface InvoicesTable {
  id: Generated<string>;
  vendorId: string;
  locationId: string;
  externalId: string;
  displayInvNum: string;
  openAmountCents: Cents;
  originalAmountCents: Cents;
  dueDate: DateString | null;
  invoiceDate: DateString | null;
  externalInvoiceDate: DateString | null;
  poRefId: string | null;
  extra: JsonDefault<InvoiceExtra>;
  payable: ColumnType<boolean, boolean | undefined, boolean>;
  deletedAt: Timestamp | null;
  /** 'QBO' is special */
  createType: string | null;
  externalUrl: string | null;
  status: ColumnType<string, string | undefined, string>;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface InvoiceJourneysTable {
  id: Generated<string>;
  invoiceId: string;
  contactId: string | null;
  action: string;
  detail: string | null;
  updatedAt: CreatedAt;
}

export interface PaymentMethodsTable {
  id: Generated<string>;
  contactId: string;
  vendorId: string;
  locationId: string;
  provider: PaymentProvider;
  name: string;
  lastFour: string;
  brand: string | null;
  expMonth: number | null;
  expYear: number | null;
  /** percent string like '2.9' */
  serviceFee: string | null;
  /**
   * a card's funding by its BIN (migration 0021_card_fees): 'credit' | 'debit' | 'prepaid'; null for bank accounts.
   * The service fee applies to credit cards only (core/rules/fees.ts).
   */
  cardFunding: ColumnType<CardFunding | null, CardFunding | null | undefined, CardFunding | null>;
  verificationRequired: ColumnType<boolean, boolean | undefined, boolean>;
  providerToken: string;
  deletedAt: Timestamp | null;
  createdAt: CreatedAt;
  /**
   * an ACH return that makes the method unusable (R02/R03/R10) and when it was recorded; null for a usable method
   * (migration 0020_ach_returns)
   */
  returnedCode: ColumnType<string | null, string | null | undefined, string | null>;
  unusableSince: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface AutopaysTable {
  id: Generated<string>;
  vendorId: string;
  locationId: string;
  contactId: string;
  paymentMethodId: string;
  startDate: DateString;
  excludedInvoiceIds: JsonDefault<string[]>;
  customerManage: ColumnType<boolean, boolean | undefined, boolean>;
  deletedAt: Timestamp | null;
  createdAt: CreatedAt;
  /** the customer's agreement to the terms (migration 0019): null for rows made before it */
  authorizationId: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PaymentPlansTable {
  id: Generated<string>;
  vendorId: string;
  locationId: string;
  contactId: string;
  requestId: string | null;
  name: string;
  status: PlanStatus;
  totalAmountCents: Cents;
  eachAmountCents: Cents;
  frequency: PlanFrequency;
  startDate: DateString;
  paymentMethodId: string;
  createdAt: CreatedAt;
  /** the invoices the plan pays, oldest due first (migration 0008) */
  invoiceIds: JsonDefault<string[]>;
  /** the customer's agreement to the terms for the plan's current method (migration 0019): null for plans made before it */
  authorizationId: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PaymentGroupsTable {
  id: Generated<string>;
  vendorId: string;
  locationId: string;
  contactId: string;
  confirmationNumber: string;
  paymentDate: DateString;
  paymentTotalCents: Cents;
  paymentType: PaymentType;
  status: PaymentGroupStatus;
  sourceType: PaymentSourceType;
  paymentPlanId: string | null;
  requestId: string | null;
  paymentMethodId: string;
  idempotencyKey: string | null;
  /** the template message whose Pay started this payment (source Message), else null — migration 0011_messages */
  templateMessageId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  /** a plan installment's number (1…), unique per plan (migration 0008) */
  installmentNumber: ColumnType<number | null, number | null | undefined, number | null>;
  /** the last change, to the millisecond: stamped by a trigger on every insert and change (migration 0015; a value
   * written here is replaced) */
  updatedAt: CreatedAt;
  /**
   * what the customer agreed to for this payment (migration 0019): the payment's own record for a payment the customer
   * made, the AutoPay's or plan's record in force when a job made it; null for groups made before it
   */
  authorizationId: ColumnType<string | null, string | null | undefined, string | null>;
  /** the NACHA code of the return of a `returned` group (R01, …), else null (migration 0020_ach_returns) */
  returnCode: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * the card service fee charged, in cents, included in `paymentTotalCents` (migration 0021_card_fees): the lines'
   * sum + this fee = the total. 0 for a bank account, a debit or prepaid card, or no fee. Every path that creates a
   * group writes it (the database default 0 is for rows of older code only).
   */
  serviceFeeCents: ColumnType<number, number | bigint | string | undefined, number | bigint | string>;
}

export interface PaymentsTable {
  id: Generated<string>;
  paymentGroupId: string;
  invoiceId: string;
  paidAmountCents: Cents;
  subject: string | null;
  message: string | null;
}

export interface MessagesTable {
  id: Generated<string>;
  vendorId: string;
  locationId: string;
  contactId: string;
  invoiceId: string | null;
  subject: string;
  body: string;
  paymentPaidAmountCents: ColumnType<number | null, number | bigint | string | null | undefined, number | bigint | string | null>;
  readAt: Timestamp | null;
  createdAt: CreatedAt;
  /** a dispute or short-pay the vendor resolved, and who (migration 0035) */
  resolvedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  resolvedBy: ColumnType<string | null, string | null | undefined, string | null>;
  /** the vendor's reply: the dispute or short-pay it answers, and who wrote it */
  replyTo: ColumnType<string | null, string | null | undefined, never>;
  authorLabel: ColumnType<string | null, string | null | undefined, never>;
}

export interface TemplateMessagesTable {
  id: Generated<string>;
  vendorId: string;
  locationId: string;
  contactId: string;
  subject: string;
  richContent: JsonDefault<unknown>;
  fromPerson: JsonDefault<Person | null>;
  toPerson: JsonDefault<Person | null>;
  invoiceIds: JsonDefault<string[]>;
  createdAt: CreatedAt;
  /** the vendor's own id (vendor API), unique per vendor (migration 0016) */
  externalId: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AnnouncementsTable {
  id: Generated<string>;
  /** null = global */
  vendorId: string | null;
  type: AnnouncementType;
  message: string;
  expirationDate: DateString | null;
  createdAt: CreatedAt;
  /** the vendor's own id (vendor API), unique per vendor (migration 0016) */
  externalId: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AdsTable {
  fileId: Generated<string>;
  vendorId: string;
  fileUrl: string;
  clickUrl: string | null;
  sortOrder: ColumnType<number, number | undefined, number>;
  /** seconds */
  duration: ColumnType<number, number | undefined, number>;
  /** the vendor's own id (vendor API), unique per vendor (migration 0016) */
  externalId: ColumnType<string | null, string | null | undefined, string | null>;
}

export type VendorImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** An image the portal serves for a vendor (its logo, its ads) at `path`, keyed by its SHA-256 (migration 0016). */
export interface VendorImagesTable {
  vendorId: string;
  sha256: string;
  contentType: VendorImageType;
  content: Uint8Array;
  path: string;
  createdAt: CreatedAt;
}

// ── statements and reminders (migration 0009) ──
export type StatementScheduleUnit = 'weekly' | 'biweekly' | 'monthly';

/** The contact's statement delivery at a location (one per contact and location). */
export interface StatementDeliveriesTable {
  id: Generated<string>;
  contactId: string;
  vendorId: string;
  locationId: string;
  scheduleUnit: StatementScheduleUnit;
  /** sun … sat (weekly, biweekly) or '0' … '28' (monthly, 0 = last day of the month) */
  scheduleValue: string;
  sendEmptyStatements: ColumnType<boolean, boolean | undefined, boolean>;
  /** vendor-local date the current schedule was set (biweekly counts its weeks from here; no period before it) */
  activeFrom: DateString;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

/** `PATCH .../statementrequest`: the contact has opened the location's statement. */
export interface StatementRequestMarksTable {
  contactId: string;
  locationId: string;
  firstMarkedAt: CreatedAt;
  lastMarkedAt: CreatedAt;
}

/** One statement period of a contact and location: sent (with its outbox row) or skipped as empty. */
export interface StatementSendsTable {
  id: Generated<string>;
  deliveryId: string | null;
  contactId: string;
  vendorId: string;
  locationId: string;
  periodDate: DateString;
  sentOn: DateString;
  late: ColumnType<boolean, boolean | undefined, boolean>;
  outcome: 'sent' | 'skipped_empty';
  outboxId: string | null;
  createdAt: CreatedAt;
}

export interface ReminderCampaignsTable {
  id: Generated<string>;
  contactId: string;
  vendorId: string;
  locationId: string;
  /** 0 due date, negative days before, positive days after */
  eventDay: number;
  deliverTo: string;
  createdAt: CreatedAt;
}

/** One reminder of a campaign for an invoice on its reminder date (due date + eventDay). */
export interface ReminderSendsTable {
  id: Generated<string>;
  campaignId: string;
  invoiceId: string;
  reminderDate: DateString;
  sentOn: DateString;
  late: ColumnType<boolean, boolean | undefined, boolean>;
  channel: OutboxChannel;
  outboxId: string | null;
  createdAt: CreatedAt;
}

export interface OutboxAttachmentsTable {
  id: Generated<string>;
  outboxId: string;
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface AdEventsTable {
  id: Generated<string>;
  fileId: string;
  kind: 'impression' | 'click';
  contactId: string;
  locationId: string;
  displayPage: string;
  userTimezone: string;
  createdAt: CreatedAt;
}

export interface HolidaysTable {
  date: DateString;
  name: string;
}

export interface AppConfigTable {
  /** 'configuration' | 'featureFlags' | 'epa' */
  key: string;
  value: Json<unknown>;
}

export interface VisitsTable {
  id: Generated<string>;
  contactId: string;
  vendorId: string | null;
  locationId: string | null;
  createdAt: CreatedAt;
}

export interface OutboxTable {
  id: Generated<string>;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: CreatedAt;
  sentAt: Timestamp | null;
  /** the last delivery failure (kept while retries remain, and after the last one) */
  error: string | null;
  /** delivery attempts so far (migration 0005) */
  attempts: ColumnType<number, number | undefined, number>;
  /** a deliverer holds the row until then (a crashed one loses it when the lease runs out) */
  claimedUntil: Timestamp | null;
  /** no retry before then (backoff after a failure) */
  nextAttemptAt: Timestamp | null;
}

export interface LetmeinAttemptsTable {
  id: Generated<string>;
  addressHash: string;
  clientKey: string;
  createdAt: CreatedAt;
}

/** One processed `Idempotency-Key` of a contact (migration 0002): the request's hash and the stored answer. */
/**
 * The answer of a vendor API POST stored under its (vendor, Idempotency-Key) — migration 0024,
 * server/http/idempotency.ts. The answer is SEALED (server/domain/secret-box.ts): it may hold a new key's secret, a
 * webhook endpoint's signing secret or a login link.
 */
/** A file import over the vendor API (migration 0030_vendor_imports). */
export interface VendorImportsTable {
  id: Generated<string>;
  vendorId: string;
  kind: 'invoices';
  format: 'csv' | 'ndjson';
  dryRun: ColumnType<boolean, boolean | undefined, boolean>;
  status: ColumnType<'receiving' | 'queued' | 'running' | 'succeeded' | 'failed', 'receiving' | undefined, 'receiving' | 'queued' | 'running' | 'succeeded' | 'failed'>;
  bytes: ColumnType<number, number | undefined, number>;
  summary: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  problems: JsonDefault<Array<{ line?: number; field?: string; message: string }>>;
  problemCount: ColumnType<number, number | undefined, number>;
  leaseUntil: ColumnType<Date | null, Date | null | undefined, Date | null>;
  createdAt: CreatedAt;
  startedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  finishedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** while running: checking the file, or writing it (migration 0034) */
  phase: ColumnType<'checking' | 'writing' | null, never, 'checking' | 'writing' | null>;
  rowsChecked: ColumnType<number, never, number>;
}

export interface VendorImportChunksTable {
  importId: string;
  seq: number;
  data: Uint8Array;
}

/** A refund of a completed payment group (migration 0029_refunds; core/rules/refunds.ts). */
export interface RefundsTable {
  id: string;
  vendorId: string;
  paymentGroupId: string;
  amountCents: Cents;
  /** the part of the amount that gives back the card service fee */
  feeCents: ColumnType<number, number | undefined, number>;
  /** the invoice lines refunded (`{ invoiceId, amountCents }`); empty for a bare amount */
  lines: JsonDefault<Array<{ invoiceId: string; amountCents: number }>>;
  reopenInvoices: ColumnType<boolean, boolean | undefined, boolean>;
  reason: string;
  status: ColumnType<'refund_pending' | 'refunded' | 'refund_failed', 'refund_pending' | undefined, 'refund_pending' | 'refunded' | 'refund_failed'>;
  /** the processor's idempotency key of this refund (`rf_<id>`) */
  idempotencyKey: string;
  /** the day it goes to the processor: today for a card, the next Federal Reserve business day for ACH */
  sendOn: DateString;
  processorRefundId: ColumnType<string | null, string | null | undefined, string | null>;
  failureCode: ColumnType<string | null, string | null | undefined, string | null>;
  failureMessage: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  resolvedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Requests of a vendor API key in one window of a rate-limit policy (server/http/rate-limit.ts). */
export interface VendorRateCountsTable {
  /** a vendor API key's id, or a console person's (vendor_users.id) — migration 0031 */
  callerId: string;
  policy: 'read' | 'write' | 'outbound';
  windowStart: Date;
  count: number;
}

export interface VendorIdempotencyKeysTable {
  vendorId: string;
  idempotencyKey: string;
  operation: string;
  /** sha256 hex of the method, path, query and canonical body */
  requestHash: string;
  responseStatus: number;
  /** the answer's JSON body, sealed; null for an answer without a body */
  responseSealed: string | null;
  createdAt: CreatedAt;
}

export interface IdempotencyKeysTable {
  contactId: string;
  idempotencyKey: string;
  /** operationId, e.g. createPaymentGroup */
  operation: string;
  /** sha256 hex of the canonical request (path ids + body) */
  requestHash: string;
  responseStatus: number;
  responseBody: Json<unknown>;
  createdAt: CreatedAt;
}

/** One AutoPay charge of one invoice (migration 0008): UNIQUE (autopay_id, invoice_id) makes it exactly once. */
export interface AutopayChargesTable {
  id: Generated<string>;
  autopayId: string;
  invoiceId: string;
  /** the payment date the invoice was due to be paid on (retries count from it) */
  dueOn: DateString;
  /** paid: a payment group was written (settlement charges it; the processor's decline turns the charge back to
   * failed); failed: declined or refused, retry on next_attempt_on; ended: paid by hand or no longer AutoPay's (no
   * more retries); stopped: the last retry failed */
  status: 'paid' | 'failed' | 'ended' | 'stopped';
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptOn: DateString | null;
  paymentGroupId: string | null;
  lastError: string | null;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}
/**
 * One charge attempt of a payment group (migration 0018): its idempotency key is written (status pending) and
 * committed BEFORE the processor is called, so a process that dies before recording the answer leaves the key for the
 * next run to look the outcome up with.
 */
export interface PaymentGroupChargesTable {
  paymentGroupId: string;
  attempt: number;
  idempotencyKey: string;
  amountCents: Cents;
  status: ColumnType<'pending' | 'succeeded' | 'failed', 'pending' | 'succeeded' | 'failed' | undefined, 'pending' | 'succeeded' | 'failed'>;
  /** the processor's charge id (succeeded) */
  chargeId: ColumnType<string | null, string | null | undefined, string | null>;
  /** the processor's decline code and message (failed) */
  failureCode: ColumnType<string | null, string | null | undefined, string | null>;
  failureMessage: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  resolvedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** An ACH return recorded once per charge key (migration 0020_ach_returns; server/jobs/ach-returns.ts). */
export interface PaymentGroupReturnsTable {
  idempotencyKey: string;
  paymentGroupId: string;
  chargeId: string | null;
  code: string;
  message: string;
  returnedOn: DateString;
  recordedAt: CreatedAt;
}

export type AuthorizationKind = 'payment' | 'autopay' | 'payment_plan';

/**
 * What a customer agreed to (migration 0019): the terms (EPA) version and the SHA-256 of the document's bytes, when,
 * from which IP address and user agent. Kept when the method, the AutoPay or the contact goes (their ids set null).
 */
export interface PaymentAuthorizationsTable {
  id: Generated<string>;
  vendorId: string;
  contactId: string | null;
  kind: AuthorizationKind;
  paymentMethodId: string | null;
  provider: PaymentProvider;
  epaVersion: string;
  /** sha256 hex of the EPA document (public/static/epa/<version>/<file>) */
  epaSha256: string;
  agreedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: CreatedAt;
}

/** What a receipt is for (migration 0022): the payment group's event it reports. */
export type ReceiptEvent = 'scheduled' | 'complete' | 'failed' | 'returned';

/**
 * One receipt of a payment group's event (migration 0022): PRIMARY KEY (payment_group_id, event) makes it exactly
 * once; the outbox row it wrote (null once purged, or when the contact could not be reached).
 */
export interface PaymentReceiptsTable {
  paymentGroupId: string;
  event: ReceiptEvent;
  channel: OutboxChannel | null;
  outboxId: string | null;
  createdAt: CreatedAt;
}

export interface Database {
  paymentReceipts: PaymentReceiptsTable;
  paymentAuthorizations: PaymentAuthorizationsTable;
  autopayCharges: AutopayChargesTable;
  paymentGroupCharges: PaymentGroupChargesTable;
  paymentGroupReturns: PaymentGroupReturnsTable;
  idempotencyKeys: IdempotencyKeysTable;
  vendorIdempotencyKeys: VendorIdempotencyKeysTable;
  vendorRateCounts: VendorRateCountsTable;
  refunds: RefundsTable;
  vendorImports: VendorImportsTable;
  vendorImportChunks: VendorImportChunksTable;
  vendors: VendorsTable;
  locations: LocationsTable;
  contacts: ContactsTable;
  contactLocations: ContactLocationsTable;
  tokens: TokensTable;
  requests: RequestsTable;
  invoices: InvoicesTable;
  invoiceJourneys: InvoiceJourneysTable;
  paymentMethods: PaymentMethodsTable;
  autopays: AutopaysTable;
  paymentPlans: PaymentPlansTable;
  paymentGroups: PaymentGroupsTable;
  payments: PaymentsTable;
  messages: MessagesTable;
  templateMessages: TemplateMessagesTable;
  announcements: AnnouncementsTable;
  ads: AdsTable;
  // ── statements, ads and reminders ──
  statementDeliveries: StatementDeliveriesTable;
  statementRequestMarks: StatementRequestMarksTable;
  statementSends: StatementSendsTable;
  reminderCampaigns: ReminderCampaignsTable;
  reminderSends: ReminderSendsTable;
  outboxAttachments: OutboxAttachmentsTable;
  adEvents: AdEventsTable;
  holidays: HolidaysTable;
  appConfig: AppConfigTable;
  visits: VisitsTable;
  outbox: OutboxTable;
  letmeinAttempts: LetmeinAttemptsTable;
  vendorApiKeys: VendorApiKeysTable;
  vendorUsers: VendorUsersTable;
  vendorSignInLinks: VendorSignInLinksTable;
  vendorSessions: VendorSessionsTable;
  vendorPasskeys: VendorPasskeysTable;
  vendorAuditEvents: VendorAuditEventsTable;
  vendorContacts: VendorContactsTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookEvents: WebhookEventsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  webhookAttempts: WebhookAttemptsTable;
  vendorImages: VendorImagesTable;
}

export type Vendor = Selectable<VendorsTable>;
export type Location = Selectable<LocationsTable>;
export type Contact = Selectable<ContactsTable>;
export type Token = Selectable<TokensTable>;
export type NewToken = Insertable<TokensTable>;
export type Request = Selectable<RequestsTable>;
export type Invoice = Selectable<InvoicesTable>;
export type NewInvoice = Insertable<InvoicesTable>;
export type InvoiceUpdate = Updateable<InvoicesTable>;
export type PaymentMethod = Selectable<PaymentMethodsTable>;
export type Autopay = Selectable<AutopaysTable>;
export type PaymentPlan = Selectable<PaymentPlansTable>;
export type PaymentGroup = Selectable<PaymentGroupsTable>;
export type Payment = Selectable<PaymentsTable>;
export type Message = Selectable<MessagesTable>;
export type TemplateMessage = Selectable<TemplateMessagesTable>;
export type Announcement = Selectable<AnnouncementsTable>;
export type Ad = Selectable<AdsTable>;
export type Holiday = Selectable<HolidaysTable>;
export type OutboxMessage = Selectable<OutboxTable>;
