/** The settlement of due payment groups (`settlement.ts`) as a scheduled job, every minute. */
import { settleDuePaymentGroups } from './settlement.js';
import type { ScheduledJob } from './types.js';

export const settlementJob: ScheduledJob = {
  name: 'settlement',
  cron: '* * * * *',
  async run({ db, now, log }) {
    const result = await settleDuePaymentGroups(db, { now, log });
    return { settled: result.settledGroupIds.length, skipped: result.skippedGroupIds.length, failed: result.failedGroupIds.length };
  },
};
