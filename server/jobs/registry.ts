/** Every scheduled job the queue (`queue.ts`) runs and `npm run jobs` knows. Add a job: one module, one line here. */
import { achReturnsJob } from './ach-returns.js';
import { autopayJob } from './autopay.js';
import { plansJob } from './plans.js';
import { importsJob } from './imports.js';
import { purgeJob } from './purge.js';
import { refundsJob } from './refunds.js';
import { remindersJob } from './reminders.js';
import { settlementJob } from './settlement-job.js';
import { statementsJob } from './statements.js';
import type { ScheduledJob } from './types.js';

export const scheduledJobs: ScheduledJob[] = [
  settlementJob,
  // ACH returns of completed debits (after settlement: a return is recorded once its debit is)
  achReturnsJob,
  // the vendor's refunds of completed payments (server/jobs/refunds.ts)
  refundsJob,
  // file imports over the vendor API (server/use-cases/vendor-http-import.ts)
  importsJob,
  purgeJob,
  // ── AutoPay runs and plan installments ──
  autopayJob,
  plansJob,
  // ── statement and reminder sends ──
  statementsJob,
  remindersJob,
];
