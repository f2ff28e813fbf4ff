/**
 * E-mail delivery of outbox rows over SMTP (nodemailer), when SMTP_URL is set. SMS rows stay in the outbox
 * (no SMS gateway in this project; `npm run outbox` shows them). Never logs a message body: it holds a login link.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.js';
import { claimForDelivery, markFailed, pendingEmails } from '../repos/outbox.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
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
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close() {
      transport.close();
    },
  };
}

/**
 * Sends the pending e-mails among `ids` (all pending when omitted). Each row is claimed first (`sent_at` set), so
 * two deliverers never send it twice; a failure clears `sent_at` and records the reason in `error`.
 */
export async function deliverEmails(db: Db, mailer: Mailer, log: FastifyBaseLogger, ids?: string[]): Promise<void> {
  for (const row of await pendingEmails(db, ids)) {
    if (!(await claimForDelivery(db, row.id))) continue;
    try {
      await mailer.send({ to: row.recipient, subject: row.subject ?? '', text: row.body });
      log.info({ outboxId: row.id }, 'outbox e-mail sent');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await markFailed(db, row.id, reason);
      log.warn({ outboxId: row.id, reason }, 'outbox e-mail failed');
    }
  }
}
