/**
 * npm run seed [-- --reset]
 * Loads the demo data when the database is empty; with --reset empties every table first.
 */
import { parseArgs } from 'node:util';
import { resetAndSeed, seedIfEmpty, DEMO_EMAIL } from '../seed/demo.js';
import { CliError, isMain, openCliDb, runCli } from './common.js';

export async function main(argv: string[]): Promise<void> {
  let values: { reset?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({ args: argv, options: { reset: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\nUsage: npm run seed [-- --reset]`);
  }
  if (values.help) {
    console.log('Usage: npm run seed [-- --reset]\n  Loads the demo data into an empty database; --reset empties all tables first.');
    return;
  }
  const handle = await openCliDb();
  try {
    if (values.reset) {
      const demo = await resetAndSeed(handle.db);
      console.log(`Database reset: demo data loaded (${demo.invoiceCount} invoices for ${DEMO_EMAIL}).`);
    } else if (await seedIfEmpty(handle.db)) {
      console.log(`Demo data loaded (demo contact ${DEMO_EMAIL}).`);
    } else {
      console.log('The database already has data: nothing loaded. Use "npm run seed -- --reset" to start over.');
    }
    console.log(`Get a login link with: npm run link -- ${DEMO_EMAIL}`);
  } finally {
    await handle.close();
  }
}

if (isMain(import.meta.url)) runCli(() => main(process.argv.slice(2)));
