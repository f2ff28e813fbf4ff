/**
 * Housekeeping, every 15 minutes: idempotency keys past their retention, outbox rows older than a login link
 * lives, old payment attempts, the vendor API's rate-limit windows older than an hour, uploads cut off over an hour ago, imports finished 30 days ago, and the console's sign-in links and sessions a day after they ended. Each is a `delete … where created_at < cutoff`: idempotent by nature.
 */
import { purgeOutbox } from '../repos/outbox.js';
import { prunePaymentAttempts } from '../repos/payment-attempts.js';
import { purgeIdempotencyKeys } from '../repos/idempotency-keys.js';
import { IDEMPOTENCY_RETENTION_HOURS, purgeVendorIdempotencyKeys } from '../repos/vendor-idempotency.js';
import { purgeVendorRateCounts } from '../repos/vendor-rate-limits.js';
import { purgeImports } from '../repos/vendor-imports.js';
import { purgeConsoleSessions } from '../repos/vendor-users.js';
import type { ScheduledJob } from './types.js';

export const purgeJob: ScheduledJob = {
  name: 'purge',
  cron: '*/15 * * * *',
  async run({ db, now }) {
    const idempotencyKeys =
      (await purgeIdempotencyKeys(db, now)) + (await purgeVendorIdempotencyKeys(db, new Date(now.getTime() - IDEMPOTENCY_RETENTION_HOURS * 3600_000)));
    const outbox = await purgeOutbox(db, now);
    await prunePaymentAttempts(db, now);
    const rateWindows = await purgeVendorRateCounts(db, new Date(now.getTime() - 3600_000));
    // uploads cut off over an hour ago; finished imports after 30 days
    const imports = await purgeImports(db, new Date(now.getTime() - 3600_000), new Date(now.getTime() - 30 * 86_400_000));
    const consoleSessions = await purgeConsoleSessions(db, new Date(now.getTime() - 86_400_000));
    return { idempotencyKeys, outbox, rateWindows, imports, consoleSessions };
  },
};
