/** Every scheduled job the queue (`queue.ts`) runs and `npm run jobs` knows. Add a job: one module, one line here. */
import { remindersJob } from './reminders.js';
import { statementsJob } from './statements.js';
import type { ScheduledJob } from './types.js';

export const scheduledJobs: ScheduledJob[] = [
  // ── issue 9: statement and reminder sends ──
  statementsJob,
  remindersJob,
];
