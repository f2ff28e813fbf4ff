/**
 * npm run outbox [-- --limit N] [--json]
 * Prints the newest outbox messages (login links written by POST /letmein): channel, recipient and
 * the text with the link. --json prints an array of the rows instead (newest first).
 */
import { parseArgs } from 'node:util';
import type { Db } from '../db/connect.js';
import { CliError, isMain, openCliDb, runCli } from './common.js';

const USAGE = 'Usage: npm run outbox [-- --limit N] [--json]';

export async function newestOutbox(db: Db, limit: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'channel', 'recipient', 'subject', 'body', 'createdAt', 'sentAt', 'error'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function main(argv: string[]): Promise<void> {
  let values: { limit?: string; json?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        limit: { type: 'string', short: 'n', default: '10' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new CliError(`--limit must be a whole number from 1 to 1000, got "${values.limit}".\n${USAGE}`);
  }

  const handle = await openCliDb();
  try {
    const rows = await newestOutbox(handle.db, limit);
    if (values.json) {
      console.log(JSON.stringify(rows, null, 2));
      return;
    }
    if (rows.length === 0) {
      console.log('The outbox is empty. Request a link on the landing page (POST /api/letmein) first.');
      return;
    }
    // Attached files (the statement PDF), named under their message
    const files = await handle.db
      .selectFrom('outboxAttachments')
      .select(['outboxId', 'filename', 'contentType'])
      .where('outboxId', 'in', rows.map((row) => row.id))
      .execute();
    for (const row of rows) {
      const delivery = row.sentAt ? `sent ${row.sentAt.toISOString()}` : row.error ? `failed: ${row.error}` : 'not sent';
      console.log(`── ${row.createdAt.toISOString()}  ${row.channel.toUpperCase()} to ${row.recipient}  (${delivery})`);
      if (row.subject) console.log(`Subject: ${row.subject}`);
      console.log(row.body);
      for (const file of files.filter((f) => f.outboxId === row.id)) console.log(`Attachment: ${file.filename} (${file.contentType})`);
      console.log('');
    }
  } finally {
    await handle.close();
  }
}

if (isMain(import.meta.url)) runCli(() => main(process.argv.slice(2)));
