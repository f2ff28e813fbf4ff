// @vitest-environment node
/**
 * Payment receipts (issue 20): one e-mail with the receipt PDF when a payment is scheduled and one when it completes
 * (however often settlement runs), the failure notice carrying the receipt of a declined payment (no second e-mail),
 * an SMS with a link for a contact without e-mail, and the PDF read back: confirmation number, invoices and amounts
 * (a credit negative), the service fee line, the total, the ACH authorization text. Demo data, today pinned to
 * Wednesday 2026-12-02 (New York). The download route is in the second block (a test server).
 */
import { randomBytes } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { epaAgreementText, receiptServiceFeeCents } from '../../server/domain/receipt-pdf.js';
import { settleDuePaymentGroups } from '../../server/jobs/settlement.js';
import { runAutopay } from '../../server/jobs/autopay.js';
import { runPlans } from '../../server/jobs/plans.js';
import { outboxAttachments } from '../../server/repos/outbox.js';
import { testConfig } from '../../server/config.js';
import { expectMatchesContract } from './helpers/contract.js';
import type { TestServer } from './helpers/app.js';
import { demoRequests, startDemoSession } from './helpers/demo-session.js';
import { checkPdfStructure, pdfText } from './helpers/pdf.js';
import { createPaymentGroupOnce } from './helpers/use-cases.js';

const TODAY = Temporal.PlainDate.from('2026-12-02');
const NOON = new Date('2026-12-02T17:00:00Z'); // 12:00 in New York
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('receipts on schedule, completion and failure', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ seed: true, today: TODAY });
    // the demo's own due groups settle first, so each test counts only its own messages
    await settleDuePaymentGroups(t.db, { now: NOON });
  });
  afterAll(async () => {
    await t?.drop();
  });

  const invoice = (num: string) => t.db.selectFrom('invoices').select(['id', 'openAmountCents']).where('displayInvNum', '=', num).executeTakeFirstOrThrow();
  const receiptMails = (confirmation: string) =>
    t.db.selectFrom('outbox').select(['id', 'channel', 'recipient', 'subject', 'body']).where('subject', '=', `Payment receipt — confirmation ${confirmation}`).orderBy('createdAt').execute();
  const groupOf = (id: string) => t.db.selectFrom('paymentGroups').select(['confirmationNumber', 'status', 'paymentTotalCents']).where('id', '=', id).executeTakeFirstOrThrow();
  const contact = () => t.db.selectFrom('contacts').select(['email', 'phone']).where('id', '=', t.demo!.contactId).executeTakeFirstOrThrow();

  async function method(kind: 'card' | 'declining card' | 'ach') {
    const d = t.demo!;
    const ach = kind === 'ach';
    return (
      await t.db
        .insertInto('paymentMethods')
        .values({
          contactId: d.contactId, vendorId: d.vendors.coastal, locationId: d.locations.coastalBlueHeron,
          provider: ach ? 'direct-ach' : 'priority-cc',
          name: ach ? 'Checking' : kind === 'card' ? 'Visa' : 'Declining Visa',
          lastFour: ach ? '6789' : kind === 'card' ? '4242' : '0341',
          providerToken: ach ? `sbx_direct-ach_ba_${randomBytes(6).toString('hex')}` : `sbx_priority-cc_card${kind === 'card' ? '' : '_declines'}_${randomBytes(6).toString('hex')}`,
          serviceFee: ach ? null : '3.5',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  async function schedule(kind: 'card' | 'declining card' | 'ach', nums: string[], paymentDate: string, publicUrl?: string) {
    const d = t.demo!;
    const ids = await Promise.all(nums.map(async (n) => (await invoice(n)).id));
    const result = await createPaymentGroupOnce(t.db, {
      contactId: d.contactId,
      vendorId: d.vendors.coastal,
      locationId: d.locations.coastalBlueHeron,
      idempotencyKey: `receipt-${nums.join('-')}-${randomBytes(4).toString('hex')}`,
      body: { paymentMethodId: await method(kind), paymentDate, partialPayments: [], invoices: ids, epaVersion: kind === 'ach' ? '1' : '2' },
      click2payRequestId: null,
      now: NOON,
      publicUrl,
    });
    expect(result.status).toBe(201);
    return (result.body as { paymentGroupId: string }).paymentGroupId;
  }

  it('the receipt\'s fee is the total minus the lines (one function), never negative', () => {
    expect(receiptServiceFeeCents({ totalCents: 10_350, lines: [{ paidCents: 10_000 }] })).toBe(350);
    expect(receiptServiceFeeCents({ totalCents: 9_000, lines: [{ paidCents: 10_000 }, { paidCents: -1_000 }] })).toBe(0);
    expect(receiptServiceFeeCents({ totalCents: 10_350, lines: [{ paidCents: 10_000 }], serviceFeeCents: 300 })).toBe(300);
  });

  it('an ACH payment: one e-mail with the PDF when scheduled and one when completed, however often settlement runs; the PDF holds the invoices, a credit, the fee line, the total and the ACH authorization text', async () => {
    const id = await schedule('ach', ['CPC-10482', 'CPC-C-0311'], '2026-12-03');
    const { confirmationNumber } = await groupOf(id);
    let mails = await receiptMails(confirmationNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'email', recipient: (await contact()).email });
    expect(mails[0].body).toContain(`Confirmation number: ${confirmationNumber}`);
    expect(mails[0].body).toContain('Status: Scheduled');
    expect(mails[0].body).toContain('Invoice CPC-10482: $642.18');
    expect(mails[0].body).toContain('Invoice CPC-C-0311 (credit): -$58.20');
    expect(mails[0].body).toContain('Service fee: $0.00');
    expect(mails[0].body).toContain('Total: $583.98');
    expect(mails[0].body).toContain('By checking the agreement box and submitting a payment in PerformancePay, you authorize');
    const [attachment] = await outboxAttachments(t.db, mails[0].id);
    expect(attachment).toMatchObject({ filename: `receipt-${confirmationNumber}.pdf`, contentType: 'application/pdf' });
    expect(checkPdfStructure(attachment.content).problems).toEqual([]);
    const text = flat(pdfText(attachment.content));
    for (const expected of [
      'Payment Receipt',
      'Coastal',
      confirmationNumber,
      'December 3, 2026',
      'Scheduled',
      'Bank account (ACH) Checking ending in 6789',
      'Invoice CPC-10482', '$642.18',
      'Invoice CPC-C-0311 (credit)', '-$58.20',
      'Service fee', '$0.00',
      'Total', '$583.98',
      'You agreed to the Electronic Payment Agreement, version 1, on December 2, 2026, 12:00 PM EST from IP address 203.0.113.10.',
      'Electronic Payment Agreement - version 1',
      'By checking the agreement box and submitting a payment in PerformancePay, you authorize your vendor and its payment processor to charge the selected card or debit the selected bank account for the amount shown, on the payment date you chose.',
    ]) expect(text).toContain(expected);

    // settlement completes it: one more receipt, and reruns add none
    await settleDuePaymentGroups(t.db, { now: new Date('2026-12-03T15:00:00Z') });
    await settleDuePaymentGroups(t.db, { now: new Date('2026-12-03T15:00:00Z') });
    await settleDuePaymentGroups(t.db, { now: new Date('2026-12-04T15:00:00Z') });
    expect((await groupOf(id)).status).toBe('complete');
    mails = await receiptMails(confirmationNumber);
    expect(mails).toHaveLength(2);
    expect(mails[1].body).toContain('Status: Completed');
    const completed = flat(pdfText((await outboxAttachments(t.db, mails[1].id))[0].content));
    expect(completed).toContain('Completed');
    expect(completed).toContain(confirmationNumber);
    const receipts = await t.db.selectFrom('paymentReceipts').select(['event', 'channel']).where('paymentGroupId', '=', id).orderBy('event').execute();
    expect(receipts).toEqual([{ event: 'complete', channel: 'email' }, { event: 'scheduled', channel: 'email' }]);
  });

  it('a card payment: the service fee on its own line; no ACH agreement text, only what was agreed to, when and from where', async () => {
    const id = await schedule('card', ['CPC-10612'], '2026-12-03');
    const { confirmationNumber, paymentTotalCents } = await groupOf(id);
    // the method's 3.5 % is charged at the 3 % cap: 419.60 × 3 % = 12.588 → 12.59
    expect(Number(paymentTotalCents)).toBe(43_219);
    const [mail] = await receiptMails(confirmationNumber);
    const text = flat(pdfText((await outboxAttachments(t.db, mail.id))[0].content));
    expect(text).toContain('Card Visa ending in 4242');
    expect(text).toContain('Invoice CPC-10612');
    expect(text).toContain('$419.60');
    expect(text).toContain('Service fee');
    expect(text).toContain('$12.59');
    expect(text).toContain('$432.19');
    expect(text).toContain('version 2');
    expect(text).not.toContain('By checking the agreement box');
  });

  it('a declined payment: the failure notice is the receipt (PDF attached, status Failed) — one e-mail, not two; a rerun sends nothing', async () => {
    const id = await schedule('declining card', ['CPC-10566'], '2026-12-04');
    const { confirmationNumber } = await groupOf(id);
    // the messages about this payment: its scheduled receipt, then the failure notice — nothing else
    const about = () => t.db.selectFrom('outbox').select(['id', 'subject', 'body']).where('body', 'like', `%${confirmationNumber}%`).orderBy('createdAt').execute();
    expect(await about()).toHaveLength(1);
    await settleDuePaymentGroups(t.db, { now: new Date('2026-12-04T15:00:00Z') });
    expect((await groupOf(id)).status).toBe('failed');
    const messages = await about();
    expect(messages.map((m) => m.subject)).toEqual([`Payment receipt — confirmation ${confirmationNumber}`, 'Your payment could not be processed']);
    const notice = messages[1];
    expect(notice.body).toContain('The receipt of the payment is attached.');
    const [attachment] = await outboxAttachments(t.db, notice.id);
    expect(attachment.filename).toBe(`receipt-${confirmationNumber}.pdf`);
    const text = flat(pdfText(attachment.content));
    expect(text).toContain('Failed');
    expect(text).toContain('Invoice CPC-10566');
    expect(await receiptMails(confirmationNumber)).toHaveLength(1); // the scheduled one only
    await settleDuePaymentGroups(t.db, { now: new Date('2026-12-05T15:00:00Z') });
    expect(await about()).toHaveLength(2);
    expect(await t.db.selectFrom('paymentReceipts').select(['event', 'outboxId']).where('paymentGroupId', '=', id).where('event', '=', 'failed').execute()).toEqual([
      { event: 'failed', outboxId: notice.id },
    ]);
  });

  it('a contact without e-mail gets a short SMS with a link to the payment detail', async () => {
    const { email } = await contact();
    await t.db.updateTable('contacts').set({ email: null, phone: '5555550142' }).where('id', '=', t.demo!.contactId).execute();
    try {
      const id = await schedule('card', ['CPC-10590'], '2026-12-03', 'https://portal.example');
      const { confirmationNumber } = await groupOf(id);
      const sms = await t.db.selectFrom('outbox').select(['channel', 'recipient', 'subject', 'body']).where('channel', '=', 'sms').where('body', 'like', `%${confirmationNumber}%`).execute();
      expect(sms).toHaveLength(1);
      expect(sms[0]).toMatchObject({ recipient: '5555550142', subject: null });
      const d = t.demo!;
      expect(sms[0].body).toMatch(
        new RegExp(`^Coastal[^:]*: payment ${confirmationNumber} of \\$[0-9.,]+ Scheduled \\(12/3\\)\\. Receipt: https://portal\\.example/token/[A-Za-z0-9_-]+/vendors/${d.vendors.coastal}/locations/${d.locations.coastalBlueHeron}/payments/${id}$`),
      );
      // short: the text around the link is one line
      expect(sms[0].body.replace(/https:\/\/\S+$/, '').length).toBeLessThan(110);
      expect(await receiptMails(confirmationNumber)).toEqual([]);
    } finally {
      await t.db.updateTable('contacts').set({ email }).where('id', '=', t.demo!.contactId).execute();
    }
  });

  it('an SMS-only contact whose payment fails gets the failure SMS only (it is the receipt): no second text', async () => {
    const { email } = await contact();
    await t.db.updateTable('contacts').set({ email: null, phone: '5555550142' }).where('id', '=', t.demo!.contactId).execute();
    try {
      const id = await schedule('declining card', ['CPC-10488-REBILL-2'], '2026-12-07', 'https://portal.example');
      const { confirmationNumber } = await groupOf(id);
      await settleDuePaymentGroups(t.db, { now: new Date('2026-12-07T15:00:00Z'), publicUrl: 'https://portal.example' });
      await settleDuePaymentGroups(t.db, { now: new Date('2026-12-08T15:00:00Z'), publicUrl: 'https://portal.example' });
      expect((await groupOf(id)).status).toBe('failed');
      const receipts = await t.db.selectFrom('paymentReceipts').select(['event', 'channel', 'outboxId']).where('paymentGroupId', '=', id).orderBy('event').execute();
      expect(receipts.map((r) => [r.event, r.channel])).toEqual([['failed', 'sms'], ['scheduled', 'sms']]);
      const failed = await t.db.selectFrom('outbox').select(['channel', 'body']).where('id', '=', receipts[0].outboxId!).executeTakeFirstOrThrow();
      expect(failed.body).toMatch(/^Your payment could not be processed\. Pay your invoices: https:\/\/portal\.example\/token\//);
      expect(await t.db.selectFrom('outbox').select('id').where('channel', '=', 'sms').where('body', 'like', `%${confirmationNumber}%`).execute()).toHaveLength(1); // the scheduled one
    } finally {
      await t.db.updateTable('contacts').set({ email }).where('id', '=', t.demo!.contactId).execute();
    }
  });

  it('AutoPay charges and plan installments: each new group gets one scheduled receipt; reruns of the jobs write none', async () => {
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const ctx = { db: t.db, now: new Date('2026-12-16T17:00:00Z'), log, publicUrl: 'https://portal.example' };
    const existing = (await t.db.selectFrom('paymentGroups').select('id').execute()).map((g) => g.id);
    await runAutopay(ctx);
    await runPlans(ctx);
    const made = await t.db
      .selectFrom('paymentGroups')
      .select(['id', 'confirmationNumber', 'sourceType'])
      .where('sourceType', 'in', ['Autopay Plus', 'Payment Plan'])
      .where('id', 'not in', existing)
      .execute();
    expect(new Set(made.map((g) => g.sourceType))).toEqual(new Set(['Autopay Plus', 'Payment Plan']));
    const receiptsOf = () =>
      t.db.selectFrom('paymentReceipts').select(['paymentGroupId', 'event', 'channel', 'outboxId']).where('paymentGroupId', 'in', made.map((g) => g.id)).execute();
    const receipts = await receiptsOf();
    expect(receipts).toHaveLength(made.length);
    for (const receipt of receipts) expect(receipt).toMatchObject({ event: 'scheduled', channel: expect.stringMatching(/^(email|sms)$/), outboxId: expect.any(String) });
    for (const g of made.filter((m) => receipts.find((r) => r.paymentGroupId === m.id)!.channel === 'email')) {
      expect(await receiptMails(g.confirmationNumber)).toHaveLength(1);
    }
    await runAutopay({ ...ctx, now: new Date('2026-12-16T17:05:00Z') });
    await runPlans({ ...ctx, now: new Date('2026-12-16T17:05:00Z') });
    expect(await receiptsOf()).toHaveLength(made.length);
  });

  it('the agreement text is the document whose hash the record holds; an unknown hash has none', () => {
    const dir = testConfig().epaDir;
    expect(epaAgreementText(dir, '4', '0'.repeat(64)).paragraphs).toBeNull();
    expect(epaAgreementText(dir, '../4', '0'.repeat(64)).paragraphs).toBeNull();
  });
});

describe('GET .../paymentgroups/{id}/receipt.pdf', () => {
  let s: TestServer;
  let token: string;
  let otherToken: string;
  beforeAll(async () => ({ s, token, otherToken } = await startDemoSession()));
  afterAll(() => s?.close());
  const { get, blueHeron } = demoRequests(() => ({ s, token }));

  it('answers the PDF of the contact\'s group (attachment, receipt-<confirmation>.pdf); another customer\'s group and an unknown id answer 404', async () => {
    const list = await get(`${blueHeron()}/paymentgroups`);
    const group = (list.json().paymentGroups as Array<{ id: string; confirmationNumber: string; paymentTotal: number }>)[0];
    expect(group).toBeDefined();
    const res = await get(`${blueHeron()}/paymentgroups/${group.id}/receipt.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${group.confirmationNumber}.pdf"; filename*=UTF-8''receipt-${group.confirmationNumber}.pdf`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(checkPdfStructure(res.rawPayload).problems).toEqual([]);
    const text = flat(pdfText(res.rawPayload));
    expect(text).toContain(group.confirmationNumber);
    expect(text).toContain('Total');

    const other = await get(`${blueHeron()}/paymentgroups/${group.id}/receipt.pdf`, otherToken);
    expect(other.statusCode).toBe(404);
    expectMatchesContract('getPaymentGroupReceiptPdf', 404, other.json());
    const unknown = await get(`${blueHeron()}/paymentgroups/00000000-0000-4000-8000-000000000000/receipt.pdf`);
    expect(unknown.statusCode).toBe(404);
    expect((await get(`${blueHeron()}/paymentgroups/not-a-uuid/receipt.pdf`)).statusCode).toBe(400);
    expect((await get(`${blueHeron()}/paymentgroups/${group.id}/receipt.pdf`, null)).statusCode).toBe(401);
  });
});
