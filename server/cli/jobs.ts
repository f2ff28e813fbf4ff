/**
 * npm run jobs -- run <name> [--at <ISO time>]   runs one scheduled job now, with that clock (default: now)
 * npm run jobs -- list                            the jobs, their UTC cron, and their last runs on the queue
 *
 * Works beside a running server like the other CLIs (DATABASE_URL, or the server's socket for PGlite): the job's
 * effects are guarded by unique keys, so running it here while the server's queue runs it too does each effect once.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { runScheduledJob, QUEUE_SCHEMA } from '../jobs/queue.js';
import { scheduledJobs } from '../jobs/registry.js';
import type { JobLogger } from '../jobs/types.js';
import { CliError, isMain, openCliDb, runCli } from './common.js';

const USAGE = 'Usage: npm run jobs -- run <name> [--at <ISO time>] | npm run jobs -- list';

const stderrLog: JobLogger = {
  info: (obj, msg) => console.error(msg ?? '', JSON.stringify(obj)),
  warn: (obj, msg) => console.error('warning:', msg ?? '', JSON.stringify(obj)),
  error: (obj, msg) => console.error('error:', msg ?? '', JSON.stringify(obj)),
};

export function parseAt(text: string | undefined): Date {
  if (text === undefined) return new Date();
  const at = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(at.getTime())) throw new CliError(`--at must be an ISO time such as 2026-12-08T15:00:00Z, got ${text}`);
  return at;
}

export async function main(argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { at: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${USAGE}`);
  }
  const [command, name] = parsed.positionals;
  if (parsed.values.help || !command) {
    console.log(USAGE);
    return;
  }
  if (command !== 'run' && command !== 'list') throw new CliError(USAGE);
  const job = command === 'run' ? scheduledJobs.find((j) => j.name === name) : undefined;
  if (command === 'run' && !job) throw new CliError(`Unknown job ${name ?? '(none)'}; jobs: ${scheduledJobs.map((j) => j.name).join(', ')}`);
  const at = parseAt(parsed.values.at);

  const handle = await openCliDb();
  try {
    if (job) {
      const summary = await runScheduledJob(job, { db: handle.db, now: at, log: stderrLog, publicUrl: handle.publicUrl });
      console.log(`${job.name} at ${at.toISOString()}: ${Object.entries(summary).map(([k, v]) => `${k} ${v}`).join(', ')}`);
      return;
    }
    let last = new Map<string, { state: string; completedOn: Date | null }>();
    try {
      const rows = await sql<{ name: string; state: string; completed_on: Date | null }>`
        select distinct on (name) name, state, completed_on from ${sql.table(`${QUEUE_SCHEMA}.job`)}
        where name not like '\\_\\_%' order by name, created_on desc`.execute(handle.db.withoutPlugins());
      last = new Map(rows.rows.map((r) => [r.name, { state: r.state, completedOn: r.completed_on }]));
    } catch {
      // the queue has not started on this database yet
    }
    for (const j of scheduledJobs) {
      const l = last.get(j.name);
      console.log(`${j.name.padEnd(12)} ${j.cron.padEnd(14)} ${l ? `last: ${l.state}${l.completedOn ? ` ${new Date(l.completedOn).toISOString()}` : ''}` : 'not run by the queue yet'}`);
    }
  } finally {
    await handle.close();
  }
}

if (isMain(import.meta.url)) runCli(() => main(process.argv.slice(2)));
