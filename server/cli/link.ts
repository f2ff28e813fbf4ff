/**
 * npm run link -- <email-or-phone> [--type <token type>] [--status <status>] [--json]
 * npm run link -- --demo
 *
 * Issues access tokens for a contact and prints the links `${PUBLIC_URL}/token/<token>`:
 * type login (default) → one link; any other type → one link per vendor/location of the contact
 * (carrying the contact's newest active request of that type there, if any); autopay and click2pay also print a
 * contact-wide link (no vendor/location) for the newest active request, which goes through the choosers.
 * --status expired|canceled|complete issues a token in that state (expired ones also lie in the past).
 * --demo issues the demo set {login, click2pay, autopay, paymentplan, expired, canceled} for the
 * demo contact and prints it as JSON ({ tokens, urls }) — used by the browser tests.
 */
import { parseArgs } from 'node:util';
import type { Db } from '../db/connect.js';
import type { TokenStatus, TokenType } from '../db/schema.js';
import { issueToken } from '../db/tokens.js';
import { parseContactAddress } from '../domain/contact-address.js';
import { LINK_TTL_DAYS as TTL_DAYS } from '../domain/request-links.js';
import { issueDemoLinks } from '../seed/demo.js';
import { CliError, isMain, openCliDb, runCli } from './common.js';

const TOKEN_TYPES: TokenType[] = ['login', 'click2pay', 'autopay', 'paymentplan', 'statement', 'reminder', 'message'];
const STATUSES: TokenStatus[] = ['active', 'complete', 'canceled', 'expired'];
const USAGE =
  'Usage: npm run link -- <email-or-phone> [--type <' + TOKEN_TYPES.join('|') + '>] [--status <' + STATUSES.join('|') + '>] [--json]\n' +
  '       npm run link -- --demo';

export interface IssuedLink {
  vendor: string | null;
  location: string | null;
  type: TokenType;
  status: TokenStatus;
  requestId: string | null;
  token: string;
  url: string;
}


export async function issueLinksForAddress(
  db: Db,
  input: { address: string; type: TokenType; status: TokenStatus; publicUrl: string },
): Promise<IssuedLink[]> {
  const address = parseContactAddress(input.address);
  if (address.kind === 'unusable') {
    throw new CliError(`"${input.address}" is neither an e-mail address nor a phone number (10 digits or more).`);
  }
  const contact = await db
    .selectFrom('contacts')
    .select(['id', 'firstName', 'lastName'])
    .where(address.kind === 'email' ? 'email' : 'phone', '=', address.value)
    .orderBy('createdAt')
    .executeTakeFirst();
  if (!contact) {
    const anyContact = await db.selectFrom('contacts').select('id').limit(1).executeTakeFirst();
    throw new CliError(
      `No contact matches ${address.kind === 'email' ? 'the e-mail address' : 'the phone number'} "${input.address}".` +
        (anyContact ? '' : '\nThe database has no contacts yet: run "npm run seed" (or start the server once).'),
    );
  }

  const ttlDays = input.status === 'expired' ? -1 : TTL_DAYS[input.type];
  const url = (token: string) => `${input.publicUrl}/token/${token}`;

  if (input.type === 'login') {
    const token = await issueToken(db, { contactId: contact.id, type: 'login', status: input.status, ttlDays });
    return [{ vendor: null, location: null, type: 'login', status: input.status, requestId: null, token, url: url(token) }];
  }

  const scopes = await db
    .selectFrom('contactLocations as cl')
    .innerJoin('vendors as v', 'v.id', 'cl.vendorId')
    .innerJoin('locations as l', 'l.id', 'cl.locationId')
    .select(['cl.vendorId', 'cl.locationId', 'v.displayName as vendor', 'l.displayName as location'])
    .where('cl.contactId', '=', contact.id)
    .orderBy('v.displayName')
    .orderBy('l.displayName')
    .execute();
  if (scopes.length === 0) throw new CliError(`${contact.firstName} ${contact.lastName} belongs to no vendor location.`);

  const links: IssuedLink[] = [];
  for (const scope of scopes) {
    const request = await db
      .selectFrom('requests')
      .select('id')
      .where('contactId', '=', contact.id)
      .where('locationId', '=', scope.locationId)
      .where('type', '=', input.type)
      .where('status', '=', 'active')
      .orderBy('createdAt', 'desc')
      .executeTakeFirst();
    const token = await issueToken(db, {
      contactId: contact.id,
      vendorId: scope.vendorId,
      locationId: scope.locationId,
      type: input.type,
      status: input.status,
      requestId: request?.id ?? null,
      ttlDays,
    });
    links.push({
      vendor: scope.vendor,
      location: scope.location,
      type: input.type,
      status: input.status,
      requestId: request?.id ?? null,
      token,
      url: url(token),
    });
  }
  // Replay: a contact-wide link for the newest active request of the type, without a vendor and location.
  // It goes through the vendor and location choosers; the request's saved action replays once its location is chosen.
  if (input.type === 'autopay' || input.type === 'click2pay') {
    const newest = await db
      .selectFrom('requests')
      .select('id')
      .where('contactId', '=', contact.id)
      .where('type', '=', input.type)
      .where('status', '=', 'active')
      .orderBy('createdAt', 'desc')
      .executeTakeFirst();
    if (newest) {
      const token = await issueToken(db, { contactId: contact.id, type: input.type, status: input.status, requestId: newest.id, ttlDays });
      links.push({ vendor: null, location: null, type: input.type, status: input.status, requestId: newest.id, token, url: url(token) });
    }
  }
  return links;
}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        type: { type: 'string', short: 't', default: 'login' },
        status: { type: 'string', short: 's', default: 'active' },
        json: { type: 'boolean' },
        demo: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${USAGE}`);
  }
}

export async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parse(argv);
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const type = values.type as TokenType;
  const status = values.status as TokenStatus;
  if (!TOKEN_TYPES.includes(type)) throw new CliError(`Unknown token type "${values.type}".\n${USAGE}`);
  if (!STATUSES.includes(status)) throw new CliError(`Unknown status "${values.status}".\n${USAGE}`);
  if (!values.demo && positionals.length !== 1) throw new CliError(USAGE);

  const handle = await openCliDb();
  const { publicUrl } = handle; // the running server's address through its socket, unless this command has its own
  try {
    if (values.demo) {
      const tokens = await issueDemoLinks(handle.db);
      const urls = Object.fromEntries(Object.entries(tokens).map(([k, t]) => [k, `${publicUrl}/token/${t}`]));
      console.log(JSON.stringify({ tokens, urls }, null, 2));
      return;
    }
    const links = await issueLinksForAddress(handle.db, { address: positionals[0], type, status, publicUrl });
    if (values.json) {
      console.log(JSON.stringify(links, null, 2));
    } else if (type === 'login') {
      console.log(links[0].url);
    } else {
      for (const link of links) {
        const where = link.vendor ? `${link.vendor} — ${link.location}` : 'Any vendor and location (through the choosers)';
        console.log(`${where}${link.requestId ? ` (request ${link.requestId})` : ''}:\n  ${link.url}`);
      }
    }
  } finally {
    await handle.close();
  }
}

if (isMain(import.meta.url)) runCli(() => main(process.argv.slice(2)));
