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
}

export interface LocationParams {
  vendorId: string;
  locationId: string;
}
