// @vitest-environment node
/**
 * The statement and reminder sends (`server/jobs/statements.ts`, `server/jobs/reminders.ts`) run through their
 * `run(ctx)` on the demo data with today pinned to Wednesday 2026-12-02 (vendors in America/New_York): what lands in
 * the outbox (recipient, PDF attachment, a working click-to-pay link), exactly once across repeated and concurrent
 * runs, catch-up after downtime (once, late), empty statements, and every invoice a reminder must skip.
 */
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { findToken } from '../../server/db/tokens.js';
import type { JobContext } from '../../server/jobs/types.js';
import { remindersJob, runReminderSends } from '../../server/jobs/reminders.js';
import { runStatementSends, statementsJob } from '../../server/jobs/statements.js';
import { scheduledJobs } from '../../server/jobs/registry.js';
import { deliverEmails, type MailMessage } from '../../server/mail/mailer.js';
import { createPaymentGroupOnce } from './helpers/use-cases.js';
import { checkPdfStructure, pdfText } from './helpers/pdf.js';

const TODAY = Temporal.PlainDate.from('2026-12-02'); // a Wednesday
const NOON = new Date('2026-12-02T17:00:00Z'); // 12:00 in New York
const PUBLIC_URL = 'http://portal.test';
let t: TestDb;
const logs: Array<{ level: string; obj: object; msg?: string }> = [];
const log = {
  info: (obj: object, msg?: string) => logs.push({ level: 'info', obj, msg }),
  warn: (obj: object, msg?: string) => logs.push({ level: 'warn', obj, msg }),
  error: (obj: object, msg?: string) => logs.push({ level: 'error', obj, msg }),
};
const ctx = (now: Date, db = t.db): JobContext & { compress: boolean } => ({ db, now, log, publicUrl: PUBLIC_URL, compress: false });

beforeAll(async () => {
  t = await createTestDb({ seed: true, today: TODAY });
});
afterAll(async () => {
  await t?.drop();
});

const d = () => t.demo!;
const outbox = () => t.db.selectFrom('outbox').selectAll().orderBy('createdAt').orderBy('id').execute();
const invoice = (num: string) => t.db.selectFrom('invoices').selectAll().where('displayInvNum', '=', num).executeTakeFirstOrThrow();

async function addDelivery(locationId: string, unit: 'weekly' | 'biweekly' | 'monthly', value: string, activeFrom: string, sendEmptyStatements = false) {
  const vendorId = (await t.db.selectFrom('locations').select('vendorId').where('id', '=', locationId).executeTakeFirstOrThrow()).vendorId;
  return (
    await t.db
      .insertInto('statementDeliveries')
      .values({ contactId: d().contactId, vendorId, locationId, scheduleUnit: unit, scheduleValue: value, sendEmptyStatements, activeFrom })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** The raw token of the first /token/<token> link in a text, and its row. */
async function linkToken(text: string) {
  const raw = /\/token\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(raw).toBeDefined();
  return findToken(t.db, raw!);
}

describe('the registry', () => {
  it('lists the two jobs under their names', () => {
    expect(scheduledJobs).toEqual(expect.arrayContaining([statementsJob, remindersJob]));
    expect(statementsJob.name).toBe('statements');
    expect(remindersJob.name).toBe('reminders');
  });
});

describe('statement sends', () => {
  it('sends one e-mail with the statement PDF and a click-to-pay link on the delivery day, then nothing more that day', async () => {
    await addDelivery(d().locations.blueHeron, 'weekly', 'wed', '2026-11-01');
    const first = await statementsJob.run(ctx(NOON));
    expect(first).toMatchObject({ due: 1, sent: 1, late: 0, failed: 0 });
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    const [mail] = rows;
    expect(mail).toMatchObject({ channel: 'email', recipient: 'demo@example.com', subject: 'Your account statement from Performance Foodservice – Carolina as of 12/2/26' });
    expect(mail.body).toContain('Blue Heron Grill');
    expect(mail.body).toMatch(/Balance: \$[\d,]+\.\d\d/);
    const token = await linkToken(mail.body);
    expect(token).toMatchObject({ type: 'click2pay', contactId: d().contactId, vendorId: d().vendors.pfg, locationId: d().locations.blueHeron, status: 'active' });
    expect(mail.body).toContain(`${PUBLIC_URL}/token/`);

    const attachments = await t.db.selectFrom('outboxAttachments').selectAll().where('outboxId', '=', mail.id).execute();
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({ filename: 'statement-2026-12-02.pdf', contentType: 'application/pdf' });
    const pdf = Buffer.from(attachments[0].content);
    expect(checkPdfStructure(pdf).problems).toEqual([]);
    const text = pdfText(pdf);
    expect(text).toContain('as of 12/2/26');
    expect(text).toContain('INV4410321');
    expect(text).not.toMatch(/\/token\//); // a forwarded PDF carries no access

    const send = await t.db.selectFrom('statementSends').selectAll().executeTakeFirstOrThrow();
    expect(send).toMatchObject({ outcome: 'sent', late: false, outboxId: mail.id });
    expect(String(send.periodDate).slice(0, 10)).toBe('2026-12-02');

    // later the same day, and the next day: nothing new
    expect(await statementsJob.run(ctx(new Date('2026-12-02T23:00:00Z')))).toMatchObject({ due: 0, sent: 0 });
    expect(await statementsJob.run(ctx(new Date('2026-12-03T15:00:00Z')))).toMatchObject({ due: 0, sent: 0 });
    expect(await outbox()).toHaveLength(1);
  });

  it('the mailer sends the PDF as an attachment', async () => {
    const sent: MailMessage[] = [];
    const silent = { info() {}, warn() {}, error() {} } as never;
    await deliverEmails(t.db, { send: async (m) => void sent.push(m) }, silent, undefined, () => NOON);
    expect(sent).toHaveLength(1);
    expect(sent[0].attachments).toEqual([{ filename: 'statement-2026-12-02.pdf', contentType: 'application/pdf', content: expect.any(Buffer) }]);
    expect(sent[0].attachments![0].content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('two runs at once send one e-mail', async () => {
    await addDelivery(d().locations.harborStreet, 'monthly', '2', '2026-11-01');
    const before = (await outbox()).length;
    const [a, b] = await Promise.all([runStatementSends(ctx(NOON)), runStatementSends(ctx(NOON))]);
    expect(a.sent + b.sent).toBe(1);
    const rows = (await outbox()).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0].body).toContain('Harbor Street Kitchen');
    expect(await t.db.selectFrom('statementSends').select('id').where('locationId', '=', d().locations.harborStreet).execute()).toHaveLength(1);
  });

  it('after downtime the latest missed period is sent once, late; the one before it is not', async () => {
    await addDelivery(d().locations.magnolia, 'weekly', 'mon', '2026-11-01');
    await t.db
      .insertInto('statementSends')
      .values({
        contactId: d().contactId, vendorId: d().vendors.pfg, locationId: d().locations.magnolia,
        periodDate: '2026-11-16', sentOn: '2026-11-16', outcome: 'sent',
      })
      .execute();
    const before = (await outbox()).length;
    // down since Nov 17: Mondays Nov 23 and Nov 30 were missed
    const result = await runStatementSends(ctx(NOON));
    expect(result).toMatchObject({ sent: 1, late: 1 });
    const sends = await t.db.selectFrom('statementSends').selectAll().where('locationId', '=', d().locations.magnolia).orderBy('periodDate').execute();
    expect(sends.map((s) => [String(s.periodDate).slice(0, 10), s.late])).toEqual([
      ['2026-11-16', false],
      ['2026-11-30', true],
    ]);
    expect((await outbox()).slice(before)).toHaveLength(1);
    expect(await runStatementSends(ctx(new Date('2026-12-02T18:00:00Z')))).toMatchObject({ sent: 0 });
  });

  it('nothing open: no message unless sendEmptyStatements', async () => {
    const vendorId = d().vendors.pfg;
    const empty = await t.db.insertInto('locations').values({ vendorId, displayName: 'Pier 9 Pop-Up' }).returning('id').executeTakeFirstOrThrow();
    const quiet = await t.db.insertInto('locations').values({ vendorId, displayName: 'Dock Street Deli' }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('contactLocations').values([
      { contactId: d().contactId, vendorId, locationId: empty.id },
      { contactId: d().contactId, vendorId, locationId: quiet.id },
    ]).execute();
    await addDelivery(empty.id, 'weekly', 'wed', '2026-11-01', true);
    await addDelivery(quiet.id, 'weekly', 'wed', '2026-11-01', false);
    const before = (await outbox()).length;
    const result = await runStatementSends(ctx(NOON));
    expect(result).toMatchObject({ sent: 1, skippedEmpty: 1 });
    const rows = (await outbox()).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0].body).toContain('Pier 9 Pop-Up');
    expect(rows[0].body).toContain('There are no open credits or invoices at this time.');
    expect(await t.db.selectFrom('statementSends').select('outcome').where('locationId', '=', quiet.id).execute()).toEqual([{ outcome: 'skipped_empty' }]);
    expect(await runStatementSends(ctx(NOON))).toMatchObject({ due: 0 });
  });

  it('nothing for a delivery whose day is not today, or that was set up after its latest day', async () => {
    await t.db.deleteFrom('statementDeliveries').execute();
    await addDelivery(d().locations.blueHeron, 'monthly', '0', '2026-12-01'); // last day: Dec 31
    await addDelivery(d().locations.coastalBlueHeron, 'biweekly', 'tue', '2026-12-02'); // first Tuesday: Dec 8
    expect(await runStatementSends(ctx(NOON))).toMatchObject({ due: 0, sent: 0 });
    expect(await runStatementSends(ctx(new Date('2026-12-08T15:00:00Z')))).toMatchObject({ due: 1, sent: 1 });
    expect(await runStatementSends(ctx(new Date('2026-12-15T15:00:00Z')))).toMatchObject({ due: 0 }); // biweekly: not the next week
    expect(await runStatementSends(ctx(new Date('2026-12-22T15:00:00Z')))).toMatchObject({ due: 1, sent: 1 });
    expect(await runStatementSends(ctx(new Date('2026-12-31T06:00:00Z')))).toMatchObject({ due: 1, sent: 1 }); // Dec 31 01:00 EST
  });
});

describe('reminder sends', () => {
  // made this morning (01:00 in New York) unless said otherwise: no catch-up of earlier days
  async function addCampaign(locationId: string, eventDay: number, createdAt = new Date('2026-12-02T06:00:00Z'), deliverTo = 'demo@example.com') {
    const vendorId = (await t.db.selectFrom('locations').select('vendorId').where('id', '=', locationId).executeTakeFirstOrThrow()).vendorId;
    return (
      await t.db
        .insertInto('reminderCampaigns')
        .values({ contactId: d().contactId, vendorId, locationId, eventDay, deliverTo, createdAt })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  const sendsOf = (campaignId: string) => t.db.selectFrom('reminderSends').selectAll().where('campaignId', '=', campaignId).execute();

  beforeAll(async () => {
    await t.db.deleteFrom('statementDeliveries').execute();
    await t.db.deleteFrom('outbox').execute();
  });

  it('due date + eventDay = today: one e-mail with a pay link per invoice; a second and a concurrent run send nothing more', async () => {
    const before = await campaignOutbox();
    const sixBefore = await addCampaign(d().locations.blueHeron, -6); // INV4411120 is due in 6 days
    const eightAfter = await addCampaign(d().locations.blueHeron, 8); // PFGC-CHS-0004418837 was due 8 days ago
    const [a, b] = await Promise.all([runReminderSends(ctx(NOON)), runReminderSends(ctx(NOON))]);
    expect(a.sent + b.sent).toBe(2);
    const rows = (await campaignOutbox()).slice(before.length);
    expect(rows.map((r) => [r.channel, r.recipient, r.subject])).toEqual(
      expect.arrayContaining([
        ['email', 'demo@example.com', 'Payment reminder: invoice INV4411120 is due soon'],
        ['email', 'demo@example.com', 'Payment reminder: invoice PFGC-CHS-0004418837 is past due'],
      ]),
    );
    expect(rows).toHaveLength(2);
    const soon = rows.find((r) => r.subject!.includes('INV4411120'))!;
    expect(soon.body).toContain('$1,128.90');
    expect(soon.body).toContain('is due 12/8/26');
    expect(await linkToken(soon.body)).toMatchObject({ type: 'click2pay', locationId: d().locations.blueHeron, contactId: d().contactId });
    expect(await sendsOf(sixBefore)).toHaveLength(1);
    expect(await sendsOf(eightAfter)).toHaveLength(1);
    expect(await runReminderSends(ctx(new Date('2026-12-02T20:00:00Z')))).toMatchObject({ sent: 0 });
    expect(await campaignOutbox()).toHaveLength(before.length + 2);
  });

  it('an SMS for a phone contact', async () => {
    const before = (await campaignOutbox()).length;
    await addCampaign(d().locations.harborStreet, -3, undefined, '5550102030'); // INV4410790 due in 3 days
    await runReminderSends(ctx(NOON));
    const rows = (await campaignOutbox()).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'sms', recipient: '5550102030', subject: null });
    expect(rows[0].body).toContain('INV4410790');
    expect(await linkToken(rows[0].body)).toMatchObject({ type: 'click2pay' });
  });

  it('never for a scheduled, disputed or closed invoice; for a payable one on the same day elsewhere, yes', async () => {
    const before = (await campaignOutbox()).length;
    const scheduled = await addCampaign(d().locations.blueHeron, -24); // INV4411601: scheduled by AutoPay
    const disputed = await addCampaign(d().locations.coastalBlueHeron, -10); // CPC-10566: disputed
    const closed = await addCampaign(d().locations.blueHeron, 40); // INV4409870: paid and closed
    const payable = await addCampaign(d().locations.coastalBlueHeron, -12); // 1047: open
    await runReminderSends(ctx(NOON));
    expect(await sendsOf(scheduled)).toEqual([]);
    expect(await sendsOf(disputed)).toEqual([]);
    expect(await sendsOf(closed)).toEqual([]);
    expect(await sendsOf(payable)).toHaveLength(1);
    const rows = (await campaignOutbox()).slice(before);
    expect(rows.map((r) => r.subject)).toEqual(['Payment reminder: invoice 1047 is due soon']);
  });

  it('never for an invoice without a due date', async () => {
    const inv = await invoice('INV4411540'); // due in 27 days
    await t.db.updateTable('invoices').set({ dueDate: null }).where('id', '=', inv.id).execute();
    const campaign = await addCampaign(d().locations.blueHeron, -27);
    await runReminderSends(ctx(NOON));
    expect(await sendsOf(campaign)).toEqual([]);
    await t.db.deleteFrom('reminderCampaigns').where('id', '=', campaign).execute();
    await t.db.updateTable('invoices').set({ dueDate: inv.dueDate }).where('id', '=', inv.id).execute();
  });

  it('an invoice paid an hour earlier gets no reminder', async () => {
    const target = await invoice('CPC-10612'); // due in 24 days
    const method = await t.db
      .selectFrom('paymentMethods')
      .select('id')
      .where('locationId', '=', d().locations.coastalBlueHeron)
      .where('name', '=', 'Operating Checking')
      .executeTakeFirstOrThrow();
    const paid = await createPaymentGroupOnce(t.db, {
      contactId: d().contactId,
      vendorId: d().vendors.coastal,
      locationId: d().locations.coastalBlueHeron,
      idempotencyKey: 'reminder-paid-an-hour-earlier',
      body: { paymentMethodId: method.id, paymentDate: '2026-12-02', partialPayments: [], invoices: [target.id], epaVersion: '1' },
      click2payRequestId: null,
      now: new Date(NOON.getTime() - 3_600_000),
    });
    expect(paid.status).toBe(201);
    const campaign = await addCampaign(d().locations.coastalBlueHeron, -24);
    const result = await runReminderSends(ctx(NOON));
    expect(result.sent).toBe(0);
    expect(await sendsOf(campaign)).toEqual([]);
  });

  it('after downtime a missed reminder goes out once, late; never for days before the reminder was set up', async () => {
    const before = (await campaignOutbox()).length;
    // INV4411265 is due Dec 15: a 15-days-before reminder was due Nov 30, while the job was down
    const old = await addCampaign(d().locations.blueHeron, -15, new Date('2026-11-01T12:00:00Z'));
    const result = await runReminderSends(ctx(NOON));
    expect(result).toMatchObject({ sent: 1, late: 1 });
    expect((await sendsOf(old)).map((s) => [String(s.reminderDate).slice(0, 10), s.late])).toEqual([['2026-11-30', true]]);
    const [late] = (await campaignOutbox()).slice(before);
    expect(late.subject).toBe('Payment reminder: invoice INV4411265 is due soon');
    expect(late.body).toContain('is due 12/15/26');
    expect(await runReminderSends(ctx(NOON))).toMatchObject({ sent: 0 });
    // the same reminder made today: Nov 30 is before it existed
    await t.db.deleteFrom('reminderCampaigns').where('id', '=', old).execute();
    const fresh = await addCampaign(d().locations.blueHeron, -15, NOON);
    await runReminderSends(ctx(NOON));
    expect(await sendsOf(fresh)).toEqual([]);
    expect(await campaignOutbox()).toHaveLength(before + 1);
  });
});

/** Outbox rows written by the reminder job (subject or SMS text of a reminder). */
async function campaignOutbox() {
  return (await outbox()).filter((r) => (r.subject ?? '').startsWith('Payment reminder') || r.body.includes(' is due '));
}
