/** File imports over the vendor API as a scheduled job, every minute (and run at once after an upload's answer). */
import { runImports } from '../use-cases/vendor-http-import.js';
import type { ScheduledJob } from './types.js';

export const importsJob: ScheduledJob = {
  name: 'imports',
  cron: '* * * * *',
  async run({ db }) {
    return { finished: (await runImports(db)).length };
  },
};
