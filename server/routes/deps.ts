/** What every route module gets. */
import type { Db } from '../db/connect.js';
import type { AppConfig } from '../config.js';
import type { Mailer } from '../mail/mailer.js';

export interface RouteDeps {
  db: Db;
  /** the same database with the longer statement timeout, for documents (default: `db`) */
  longDb?: Db;
  config: AppConfig;
  /** Delivers outbox e-mails (SMTP) when configured. */
  mailer?: Mailer;
  /**
   * The database itself when `db` is the request's transaction scope (the vendor API, server/db/request-transaction.ts):
   * what work left for after the answer runs on, and the owner the server awaits it by before it closes (`afterReply`).
   */
  baseDb?: Db;
}

export interface LocationParams {
  vendorId: string;
  locationId: string;
}
