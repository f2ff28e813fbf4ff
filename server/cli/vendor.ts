/**
 * npm run vendor -- keys create --vendor <id> --name <label>   a new API key, printed once
 * npm run vendor -- keys list --vendor <id>                    the vendor's keys (prefix, name, times; never secrets)
 * npm run vendor -- keys revoke <keyId> --vendor <id>          refused from the next request on, by every process
 * npm run vendor -- users invite --vendor <id> --email <address> --role admin|ar|viewer [--name <name>]
 *                                                             a person of the vendor's console; prints their sign-in link
 * npm run vendor -- users list --vendor <id>                   the console's people and their roles
 * npm run vendor -- users link --vendor <id> --email <address>  a fresh sign-in link for a person (15 minutes, once)
 * npm run vendor -- vendors                                    the vendors (id and name), to find the id
 * npm run vendor -- listen --port 9000 --secret whsec_…         a local webhook receiver: verifies and prints events
 * npm run vendor -- import invoices <file.csv|.ndjson> --vendor <id> [--dry-run]
 *                                                             a vendor's invoices from a file, all or nothing
 *
 * Works on the database the server uses (DATABASE_URL or DATA_DIR), also while the server runs.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeSync, createReadStream, openSync, readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { parseArgs } from 'node:util';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../db/connect.js';
import { listApiKeys, revokeApiKey } from '../repos/vendor-keys.js';
import { importInvoices as importInvoicePieces, type FileProblem, type ImportSummary, type InvoiceFileFormat } from '../use-cases/vendor-import.js';
import { createApiKey } from '../use-cases/vendor-keys.js';
import { inviteUser, operatorSignInLink, teamOf } from '../use-cases/vendor-sessions.js';
import { VENDOR_ROLES } from '../domain/vendor-sessions.js';
import type { VendorRole } from '../db/schema.js';
import { CliError, isMain, openCliDb, runCli } from './common.js';

const USAGE = `Usage:
  npm run vendor -- keys create --vendor <vendorId> --name <label> [--read-only] [--expires <ISO date-time>]
  npm run vendor -- keys list --vendor <vendorId>
  npm run vendor -- keys revoke <keyId> --vendor <vendorId>
  npm run vendor -- users invite --vendor <vendorId> --email <address> --role admin|ar|viewer [--name <name>]
  npm run vendor -- users list --vendor <vendorId>
  npm run vendor -- users link --vendor <vendorId> --email <address>
  npm run vendor -- vendors
  npm run vendor -- listen [--port 9000] --secret <whsec_… of the endpoint>   (or WEBHOOK_SECRET=…)
  npm run vendor -- import invoices <file.csv|file.ndjson> --vendor <vendorId> [--dry-run]`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function vendorIdOf(value: string | undefined): string {
  if (!value) throw new CliError(`--vendor <vendorId> is required.\n${USAGE}`);
  if (!UUID.test(value)) throw new CliError(`--vendor must be a vendor id (a UUID), got "${value}". \`npm run vendor -- vendors\` lists them.`);
  return value;
}

/** The groups `run` dispatches (below); `listen` is `main`'s own (it opens no database). */
const COMMAND_GROUPS = ['keys', 'users', 'vendors', 'import'];

/** The command line, or a CliError saying what is wrong with it (before any database is opened). */
function parseCommandLine(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { vendor: { type: 'string' }, name: { type: 'string' }, json: { type: 'boolean' }, 'read-only': { type: 'boolean' }, expires: { type: 'string' }, 'dry-run': { type: 'boolean' }, email: { type: 'string' }, role: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const [group] = positionals;
  if (group && !values.help && !COMMAND_GROUPS.includes(group)) throw new CliError(`Unknown command "${group}".\n${USAGE}`);
  return { values, positionals, usage: Boolean(values.help) || !group };
}

/** Runs one command on `db`, printing with `print`; answers nothing. Exported for the tests. */
export async function run(db: Db, argv: string[], print: (line: string) => void = console.log, publicUrl = 'http://localhost:3000'): Promise<void> {
  const { values, positionals, usage } = parseCommandLine(argv);
  const [group, command, arg] = positionals;
  if (usage) {
    print(USAGE);
    return;
  }
  if (group === 'vendors') {
    const vendors = await db.selectFrom('vendors').select(['id', 'name']).orderBy('name').execute();
    for (const v of vendors) print(`${v.id}  ${v.name}`);
    return;
  }
  if (group === 'import') {
    if (command !== 'invoices') throw new CliError(`Unknown import "${command ?? ''}": only \`import invoices\` is there.\n${USAGE}`);
    await importInvoices(db, arg, vendorIdOf(values.vendor), values['dry-run'] === true, print);
    return;
  }
  if (group === 'users') {
    await users(db, command, values, publicUrl, print);
    return;
  }
  // keys: the last of COMMAND_GROUPS (parseCommandLine refused any other group)
  const vendorId = vendorIdOf(values.vendor);
  switch (command) {
    case 'create': {
      const name = values.name?.trim();
      if (!name || name.length > 100) throw new CliError(`--name <label> is required (1 to 100 characters).\n${USAGE}`);
      const expiresAt = values.expires ? new Date(values.expires) : null;
      if (expiresAt && Number.isNaN(expiresAt.getTime())) throw new CliError(`--expires must be an ISO date-time (e.g. 2027-06-30T00:00:00Z).\n${USAGE}`);
      const created = await createApiKey(db, vendorId, name, { access: values['read-only'] ? 'read' : 'full', expiresAt });
      if (!created.ok) {
        throw new CliError(created.refusal.code === 'not_found' ? `No vendor ${vendorId}. \`npm run vendor -- vendors\` lists them.` : created.refusal.message);
      }
      if (values.json) {
        print(JSON.stringify({ id: created.value.key.id, prefix: created.value.key.prefix, secret: created.value.secret }));
        return;
      }
      const kind = `${created.value.key.access === 'read' ? 'read-only ' : ''}key${expiresAt ? ` expiring ${expiresAt.toISOString()}` : ''}`;
      print(`${kind[0].toUpperCase()}${kind.slice(1)} ${created.value.key.prefix} ("${name}") created for vendor ${vendorId}. It is shown this once; keep it secret:`);
      print('');
      print(created.value.secret);
      print('');
      print('Send it as: Authorization: Bearer <key>');
      return;
    }
    case 'list': {
      const keys = await listApiKeys(db, vendorId);
      if (values.json) {
        print(JSON.stringify(keys));
        return;
      }
      if (keys.length === 0) print('No keys yet: npm run vendor -- keys create --vendor <id> --name <label>');
      for (const k of keys) {
        const state = k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : k.lastUsedAt ? `last used ${k.lastUsedAt.toISOString()}` : 'never used';
        print(`${k.id}  ${k.prefix}  ${k.name}  created ${k.createdAt.toISOString()}  ${state}`);
      }
      return;
    }
    case 'revoke': {
      if (!arg || !UUID.test(arg)) throw new CliError(`keys revoke <keyId>: the key's id (a UUID) from \`keys list\`.\n${USAGE}`);
      const key = await revokeApiKey(db, vendorId, arg, new Date());
      if (!key) throw new CliError(`Vendor ${vendorId} has no key ${arg}.`);
      print(`Key ${key.prefix} ("${key.name}") revoked at ${key.revokedAt!.toISOString()}.`);
      return;
    }
    default:
      throw new CliError(`Unknown keys command "${command ?? ''}".\n${USAGE}`);
  }
}

/**
 * A webhook receiver for development: every POST is verified as a Standard Webhook with the endpoint's secret (by the
 * same `standardwebhooks` library a vendor would use) and printed; a good one answers 200, a bad signature 400.
 */
export async function listen(options: { port: number; secret: string; print?: (line: string) => void }): Promise<{ port: number; close(): Promise<void> }> {
  const print = options.print ?? console.log;
  const wh = new Webhook(options.secret);
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 1024 * 1024) chunks.push(chunk);
    });
    request.on('end', () => {
      if (request.method !== 'POST') return void response.writeHead(405).end();
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const event = wh.verify(body, request.headers as Record<string, string>) as { type: string; data: unknown };
        print(`✓ ${event.type}  ${request.headers['webhook-id']}  (signature verified)`);
        print(JSON.stringify(event.data, null, 2));
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      } catch (error) {
        print(`✗ ${request.headers['webhook-id'] ?? '(no webhook-id)'}: ${(error as Error).message} — answered 400`);
        response.writeHead(400, { 'content-type': 'text/plain' }).end('signature did not verify');
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function runListen(argv: string[]): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv.slice(1), options: { port: { type: 'string', default: '9000' }, secret: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const secret = values.secret ?? process.env.WEBHOOK_SECRET;
  if (!secret || !secret.startsWith('whsec_')) throw new CliError(`--secret whsec_… (the secret POST /vendor-api/webhook-endpoints answered) is required.\n${USAGE}`);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`--port must be a port number, got "${values.port}"`);
  const receiver = await listen({ port, secret });
  console.log(`Listening on http://127.0.0.1:${receiver.port}/ — register it with POST /vendor-api/webhook-endpoints {"url": "http://127.0.0.1:${receiver.port}/"}. Ctrl-C stops.`);
  await new Promise<void>((resolve) => process.once('SIGINT', () => void receiver.close().then(resolve)));
}

const formats: Record<string, InvoiceFileFormat> = { '.csv': 'csv', '.ndjson': 'ndjson', '.jsonl': 'ndjson' };

const counts = (s: ImportSummary) => `${s.created} created, ${s.updated} updated, ${s.unchanged} unchanged`;

const problemLine = (p: FileProblem) => [p.line === undefined ? undefined : `line ${p.line}`, p.field, p.message].filter((x) => x !== undefined).join(': ');

/**
 * `import invoices <file>`: prints what was (or, with --dry-run, would be) created, updated and left unchanged; a file
 * with problems writes nothing and fails with every problem, by line, in the error (stderr, exit code 1).
 */
async function importInvoices(db: Db, file: string | undefined, vendorId: string, dryRun: boolean, print: (line: string) => void): Promise<void> {
  if (!file) throw new CliError(`import invoices <file>: the file to import is required.\n${USAGE}`);
  const format = formats[extname(file).toLowerCase()];
  if (!format) throw new CliError(`import invoices: ${file} must be a .csv (header row, one invoice per row) or .ndjson (one JSON invoice per line) file.`);
  try {
    closeSync(openSync(file, 'r'));
  } catch (error) {
    throw new CliError(`import invoices: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
  // read from disk a piece at a time, twice (check, then write): the file is never held whole
  const outcome = await importInvoicePieces(db, vendorId, { format, pieces: () => createReadStream(file, { highWaterMark: 1 << 20 }) }, { dryRun });
  if (!outcome.ok) {
    const lines = new Set(outcome.problems.map((p) => p.line).filter((line) => line !== undefined)).size;
    const many = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
    const where = lines > 0 ? ` in ${many(lines, 'line')}` : '';
    const listed = outcome.problemCount > outcome.problems.length ? ` (the first ${outcome.problems.length} listed)` : '';
    throw new CliError([...outcome.problems.map(problemLine), `${file}: ${many(outcome.problemCount, 'problem')}${listed}${outcome.problemCount > outcome.problems.length ? '' : where}; nothing was written.`].join('\n'));
  }
  const summary = outcome.value;
  if (summary.dryRun) {
    print(`Dry run of ${file} (${summary.invoices} invoices): would be ${counts(summary)}. Nothing was written.`);
    if (summary.canceledPayments.length > 0) print(`Closing invoices would cancel the scheduled payments ${summary.canceledPayments.join(', ')}.`);
    return;
  }
  print(`Imported ${file} (${summary.invoices} invoices): ${counts(summary)}.`);
  if (summary.canceledPayments.length > 0) print(`Closing invoices canceled the scheduled payments ${summary.canceledPayments.join(', ')}.`);
}

/** `users invite` and `users list`: the console's people (use-cases/vendor-sessions.ts). */
async function users(db: Db, command: string | undefined, values: { vendor?: string; email?: string; role?: string; name?: string; json?: boolean }, publicUrl: string, print: (line: string) => void) {
  const vendorId = vendorIdOf(values.vendor);
  if (command === 'list') {
    const team = await teamOf(db, vendorId);
    if (values.json) return print(JSON.stringify(team));
    if (team.length === 0) print('No one yet: npm run vendor -- users invite --vendor <id> --email <address> --role admin');
    for (const u of team) print(`${u.id}  ${u.email}  ${u.role}${u.name ? `  ${u.name}` : ''}  ${u.lastSignInAt ? `last signed in ${u.lastSignInAt.toISOString()}` : 'never signed in'}`);
    return;
  }
  if (command === 'link') {
    if (!values.email) throw new CliError(`--email <address> is required.\n${USAGE}`);
    const issued = await operatorSignInLink(db, vendorId, values.email, { publicUrl });
    if (!issued.ok) throw new CliError(issued.refusal.message);
    if (values.json) return print(JSON.stringify({ id: issued.value.user.id, email: issued.value.user.email, link: issued.value.link }));
    print(`A sign-in link for ${issued.value.user.email} (${issued.value.user.role}), valid for 15 minutes and once:`);
    print('');
    print(issued.value.link);
    return;
  }
  if (command !== 'invite') throw new CliError(`Unknown users command "${command ?? ''}".\n${USAGE}`);
  if (!values.email) throw new CliError(`--email <address> is required.\n${USAGE}`);
  const role = values.role as VendorRole | undefined;
  if (!role || !VENDOR_ROLES.includes(role)) throw new CliError(`--role must be admin, ar or viewer.\n${USAGE}`);
  const invited = await inviteUser(db, vendorId, { email: values.email, role, name: values.name }, { publicUrl });
  if (!invited.ok) {
    throw new CliError(invited.refusal.code === 'not_found' ? `No vendor ${vendorId}. \`npm run vendor -- vendors\` lists them.` : invited.refusal.message);
  }
  if (values.json) return print(JSON.stringify({ id: invited.value.user.id, email: invited.value.user.email, role, link: invited.value.link }));
  print(`${invited.value.user.email} is on the team of vendor ${vendorId} as ${role}. The invitation is e-mailed (the outbox); its sign-in link, valid for 7 days and once:`);
  print('');
  print(invited.value.link);
}

export async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'listen') return runListen(argv);
  // the usage and a command line's mistakes need no database: answered before one is opened (on the embedded
  // database that open made and migrated a data directory: `--help` took 3.6 s from an empty one, 0.9 s without)
  if (parseCommandLine(argv).usage) {
    console.log(USAGE);
    return;
  }
  const handle = await openCliDb();
  try {
    await run(handle.db, argv, console.log, handle.publicUrl);
  } finally {
    await handle.close();
  }
}

if (isMain(import.meta.url)) runCli(() => main(process.argv.slice(2)));
