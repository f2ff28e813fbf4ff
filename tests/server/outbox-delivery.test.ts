// @vitest-environment node
/** Outbox e-mails are delivered after the answer when a mailer (SMTP) is configured, and marked sent or failed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { deliverEmails, type MailMessage } from '../../server/mail/mailer.js';
import { OUTBOX_MAX_ATTEMPTS } from '../../server/repos/outbox.js';
import { DEMO_EMAIL, OTHER_CONTACT_EMAIL } from '../../server/seed/demo.js';
import { startTestServer, type TestServer } from './helpers/app.js';
import { startSmtpServer } from './helpers/smtp.js';

const sent: MailMessage[] = [];
let failFor: string | null = null;
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({
    mailer: {
      async send(message) {
        if (message.to === failFor) throw new Error('550 mailbox unavailable');
        sent.push(message);
      },
    },
  });
});
afterAll(async () => {
  await s?.close();
});

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('outbox delivery', () => {
  it('sends the login e-mail and marks the outbox row sent; the SMS row stays for the SMS channel', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/letmein', payload: { contact: DEMO_EMAIL } });
    expect(res.statusCode).toBe(202);
    const row = await waitFor(() =>
      s.db.selectFrom('outbox').selectAll().where('channel', '=', 'email').where('recipient', '=', DEMO_EMAIL)
        .where('sentAt', 'is not', null).where('body', 'like', '%[delivered]%').executeTakeFirst(),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: DEMO_EMAIL, subject: 'Your PerformancePay login link' });
    expect(sent[0].text).toMatch(/http:\/\/portal\.test\/token\/[A-Za-z0-9_-]{43}/);
    // once delivered, the stored body no longer holds the login token (the rest of the text stays)
    const link = /\/token\/([A-Za-z0-9_-]{43})/.exec(sent[0].text)![1];
    expect(row.body).not.toContain(link);
    expect(row.body).toBe(sent[0].text.replace(`/token/${link}`, '/token/[delivered]'));
    const sms = await s.db.selectFrom('outbox').selectAll().where('channel', '=', 'sms').executeTakeFirstOrThrow();
    expect(sms.sentAt).toBeNull();
  });

  it('records a delivery failure on the row, without the link in the logs', async () => {
    failFor = OTHER_CONTACT_EMAIL;
    const res = await s.app.inject({ method: 'POST', url: '/api/letmein', payload: { contact: OTHER_CONTACT_EMAIL } });
    expect(res.statusCode).toBe(202);
    const row = await waitFor(() =>
      s.db.selectFrom('outbox').selectAll().where('recipient', '=', OTHER_CONTACT_EMAIL).where('error', 'is not', null).executeTakeFirst(),
    );
    expect(row.error).toContain('550');
    expect(row.sentAt).toBeNull();
    const token = /\/token\/([A-Za-z0-9_-]{43})/.exec(row.body)![1];
    expect(s.logs.join('')).toContain('outbox e-mail failed');
    expect(s.logs.join('')).not.toContain(token);
  });
});

describe('SMTP_URL', () => {
  it('delivers the login e-mail over SMTP with nodemailer', async () => {
    const smtp = await startSmtpServer();
    const app = await buildApp({ db: s.db, config: { ...s.config, smtpUrl: smtp.url }, logger: false });
    try {
      await s.db.deleteFrom('letmeinAttempts').execute();
      const res = await app.inject({ method: 'POST', url: '/api/letmein', payload: { contact: '(555) 010-2030' } });
      expect(res.statusCode).toBe(202);
      await waitFor(async () => (smtp.received.length > 0 ? true : undefined));
      expect(smtp.received[0].to).toEqual([`<${DEMO_EMAIL}>`]);
      expect(smtp.received[0].data).toContain('Subject: Your PerformancePay login link');
      expect(smtp.received[0].data).toMatch(/http:\/\/portal\.test\/token\//);
      const newest = await s.db.selectFrom('outbox').select('id').where('channel', '=', 'email').orderBy('createdAt', 'desc').limit(1).executeTakeFirstOrThrow();
      await waitFor(() => s.db.selectFrom('outbox').select('id').where('id', '=', newest.id).where('sentAt', 'is not', null).executeTakeFirst());
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(smtp.received).toHaveLength(1); // sent once, although the start-up sweep ran concurrently
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it('sends e-mails left pending by an earlier run once the server is ready', async () => {
    const smtp = await startSmtpServer();
    const [pending] = await s.db
      .insertInto('outbox')
      .values({ channel: 'email', recipient: 'late@example.com', subject: 'Your PerformancePay login link', body: 'queued before a restart' })
      .returning('id')
      .execute();
    const app = await buildApp({ db: s.db, config: { ...s.config, smtpUrl: smtp.url }, logger: false });
    try {
      await app.ready();
      await waitFor(async () => (smtp.received.length > 0 ? true : undefined));
      expect(smtp.received.map((m) => m.to)).toEqual([['<late@example.com>']]);
      // The mail server has it before the portal hears its "250 OK" and marks the row: wait for the mark.
      const row = await waitFor(async () => {
        const r = await s.db.selectFrom('outbox').selectAll().where('id', '=', pending.id).executeTakeFirstOrThrow();
        return r.sentAt !== null ? r : undefined;
      });
      expect(row.sentAt).not.toBeNull();
      expect(row.error).toBeNull();
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});

describe('leases and retries', () => {
  const insertEmail = async (recipient: string, extra: Record<string, unknown> = {}) =>
    (await s.db
      .insertInto('outbox')
      .values({ channel: 'email', recipient, subject: 'Your PerformancePay login link', body: 'Link: http://portal.test/token/abc', ...extra })
      .returning('id')
      .executeTakeFirstOrThrow()).id;
  const rowOf = (id: string) => s.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('a row claimed by a deliverer that crashed is sent once its lease has run out; a live lease is left alone', async () => {
    const now = new Date();
    const crashed = await insertEmail('crashed@example.com', { attempts: 1, claimedUntil: new Date(now.getTime() - 1000) });
    const busy = await insertEmail('busy@example.com', { attempts: 1, claimedUntil: new Date(now.getTime() + 60_000) });
    const got: MailMessage[] = [];
    await deliverEmails(s.db, { async send(m) { got.push(m); } }, s.app.log, [crashed, busy]);
    expect(got.map((m) => m.to)).toEqual(['crashed@example.com']);
    const row = await rowOf(crashed);
    expect(row.sentAt).not.toBeNull();
    expect(row.body).toBe('Link: http://portal.test/token/[delivered]');
    expect((await rowOf(busy)).sentAt).toBeNull();
  });

  it('a failed e-mail is retried after a backoff, and given up after the last attempt', async () => {
    const id = await insertEmail('flaky@example.com');
    let failing = true;
    const got: MailMessage[] = [];
    const mailer = {
      async send(m: MailMessage) {
        if (failing) throw new Error('421 try again later');
        got.push(m);
      },
    };
    const t0 = Date.now();
    await deliverEmails(s.db, mailer, s.app.log, [id], () => new Date(t0));
    let row = await rowOf(id);
    expect(row).toMatchObject({ sentAt: null, attempts: 1, error: '421 try again later' });
    // not again before the backoff (1 minute) ...
    await deliverEmails(s.db, mailer, s.app.log, [id], () => new Date(t0 + 30_000));
    expect((await rowOf(id)).attempts).toBe(1);
    // ... but after it
    failing = false;
    await deliverEmails(s.db, mailer, s.app.log, [id], () => new Date(t0 + 61_000));
    row = await rowOf(id);
    expect(got.map((m) => m.to)).toEqual(['flaky@example.com']);
    expect(row).toMatchObject({ attempts: 2, error: null });
    expect(row.sentAt).not.toBeNull();

    const hopeless = await insertEmail('hopeless@example.com');
    failing = true;
    let at = t0;
    for (let i = 0; i < OUTBOX_MAX_ATTEMPTS + 2; i++) {
      await deliverEmails(s.db, mailer, s.app.log, [hopeless], () => new Date(at));
      at += 24 * 3600_000;
    }
    const given = await rowOf(hopeless);
    expect(given.attempts).toBe(OUTBOX_MAX_ATTEMPTS);
    expect(given.sentAt).toBeNull();
    expect(given.error).toContain('421');
  });
});
