/**
 * E-mail delivery of outbox rows over SMTP (nodemailer), when SMTP_URL is set. SMS rows stay in the outbox
 * (no SMS gateway in this project; `npm run outbox` shows them). Never logs a message body: it holds a login link.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.js';
import { claimForDelivery, markDelivered, markFailed, outboxAttachments, pendingEmails } from '../repos/outbox.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** files sent with the message (the statement PDF) */
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): void;
}

export const DEFAULT_MAIL_FROM = 'PerformancePay <no-reply@performancepay.invalid>';

export function smtpMailer(smtpUrl: string, from = DEFAULT_MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, attachments: message.attachments });
    },
    close() {
      transport.close();
    },
  };
}

/**
 * Sends the due e-mails among `ids` (all due when omitted). Each row is claimed first with a lease (`claimed_until`,
 * 5 minutes; the attempt is counted), so two deliverers never send it at once and a deliverer that crashed loses it
 * when the lease runs out. Success sets `sent_at` and replaces the login token in the stored body by `[delivered]`;
 * a failure records the reason in `error` and schedules a retry with backoff (1, 4, 16, 64 minutes; 5 attempts).
 */
export async function deliverEmails(db: Db, mailer: Mailer, log: FastifyBaseLogger, ids?: string[], now = () => new Date()): Promise<void> {
  for (const row of await pendingEmails(db, ids, now())) {
    if (!(await claimForDelivery(db, row.id, now()))) continue;
    try {
      const attachments = await outboxAttachments(db, row.id);
      await mailer.send({ to: row.recipient, subject: row.subject ?? '', text: row.body, ...(attachments.length > 0 ? { attachments } : {}) });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await markFailed(db, row.id, reason, now());
      log.warn({ outboxId: row.id, reason, attempt: row.attempts + 1 }, 'outbox e-mail failed');
      continue;
    }
    await markDelivered(db, row.id, row.body, now());
    log.info({ outboxId: row.id }, 'outbox e-mail sent');
  }
}
