/** The settlement of due payment groups (`settlement.ts`: charged through the processor adapter) as a scheduled job, every minute. */
import { settleDuePaymentGroups } from './settlement.js';
import type { ScheduledJob } from './types.js';

export const settlementJob: ScheduledJob = {
  name: 'settlement',
  cron: '* * * * *',
  async run({ db, now, log, publicUrl }) {
    const result = await settleDuePaymentGroups(db, { now, log, publicUrl });
    return {
      settled: result.settledGroupIds.length,
      declined: result.declinedGroupIds.length,
      skipped: result.skippedGroupIds.length,
      failed: result.failedGroupIds.length,
    };
  },
};
