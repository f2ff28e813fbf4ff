/**
 * Conditional and cached invoice list answers (`GET .../invoices`, contract `listInvoices`).
 *
 * - **Validator**: the location's data version (server/db/list-versions.ts), read in the same statement as the token
 *   and the scope (server/db/tokens.ts). It changes in the transaction of any write to the location's invoices or
 *   requests, by any process, so a payment made through another server is seen on the very next request.
 * - **ETag** `W/"<version>-<key hash>"`: the key is who asks and what (contact, the token's request, vendor, location,
 *   the query) with the answer's shape revision; another contact's ETag, or one of another query, never matches.
 *   `If-None-Match` with the current ETag → 304 without a body and without reading the list. Works across processes
 *   (nothing in it is local).
 * - **Cache**: the answer's bytes (and its brotli / gzip forms, made on first demand) per key, kept only for the
 *   version it was made at; a request whose version differs finds nothing and makes the answer anew. Least recently
 *   used answers go first when `maxBytes` (LIST_CACHE_MB) is reached; 0 keeps nothing. The use order and the byte
 *   count are `lru-cache`'s (maxSize with each entry's bytes as its size): as fast as the Map kept in use order that
 *   it replaced, or faster (`npm run bench -- libs`).
 *
 * Why the answer may be made after the version was read: the list is read by later statements, which see everything
 * the version statement saw (and maybe more); a later write gives a new version, so an answer is never served for a
 * version older than the data it was made from... only ever newer data under an older version, which the next write's
 * version replaces.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { compressBody } from './compress.js';

/** Bump when the list answer's shape changes, so ETags of the old shape stop matching. */
export const LIST_SHAPE_REVISION = '1';

export type ListEncoding = 'br' | 'gzip';

interface Entry {
  key: string;
  version: string;
  body: Buffer;
  encoded: Partial<Record<ListEncoding, Promise<Buffer>>>;
  bytes: number;
}

/** What identifies one list answer apart from the data version. */
export interface ListKey {
  contactId: string;
  tokenRequestId: string | null;
  vendorId: string;
  locationId: string;
  type?: string;
  loadAll: boolean;
  invoiceId?: string;
}

export function listKeyText(key: ListKey): string {
  return [key.contactId, key.tokenRequestId ?? '', key.vendorId, key.locationId, key.type ?? '', key.loadAll ? '1' : '0', key.invoiceId ?? ''].join('\u0000');
}

/** key text → its hash in the ETag (a SHA-256 per request showed in profiles); bounded, emptied when full */
const keyHashes = new Map<string, string>();
const MAX_KEY_HASHES = 10_000;

/** The answer's entity tag for a key at a version (weak: the bytes differ by Content-Encoding). */
export function listEtag(version: string, keyText: string): string {
  let hash = keyHashes.get(keyText);
  if (hash === undefined) {
    hash = createHash('sha256').update(`${LIST_SHAPE_REVISION}\u0000${keyText}`).digest('base64url').slice(0, 22);
    if (keyHashes.size >= MAX_KEY_HASHES) keyHashes.clear();
    keyHashes.set(keyText, hash);
  }
  return `W/"${version}-${hash}"`;
}

/** Does an If-None-Match header name this ETag (weak comparison, `*` included)? */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = etag.replace(/^W\//, '');
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const tag = part.trim();
    if (tag === '*' || tag.replace(/^W\//, '') === opaque) return true;
  }
  return false;
}

export class ListCache {
  /** none when `maxBytes` is 0 (lru-cache needs a positive size) */
  readonly #entries: LRUCache<string, Entry> | undefined;
  /** answers being made, per key: concurrent requests for the same key and version wait for the one being made */
  readonly #making = new Map<string, { version: string; entry: Promise<Entry> }>();

  constructor(readonly maxBytes: number) {
    this.#entries = maxBytes > 0 ? new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, entry.bytes) }) : undefined;
  }

  get bytes() {
    return this.#entries?.calculatedSize ?? 0;
  }

  get size() {
    return this.#entries?.size ?? 0;
  }

  /** The answer kept for `key` when it was made at `version`; an answer of another version is dropped. */
  get(key: string, version: string): Entry | undefined {
    const entry = this.#entries?.get(key); // most recently used now
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.#entries!.delete(key);
      return undefined;
    }
    return entry;
  }

  /**
   * The answer for `key` at `version`: the kept one, the one another request is making right now, or a new one from
   * `make` (kept when it fits). A burst of requests after a change (or at start) reads the database once, not once
   * per request. A failure of `make` reaches every request that waited for it and keeps nothing.
   */
  async getOrMake(key: string, version: string, make: () => Promise<string>): Promise<Entry> {
    const kept = this.get(key, version);
    if (kept) return kept;
    const making = this.#making.get(key);
    if (making && making.version === version) return making.entry;
    const entry = make().then((body) => this.set(key, version, Buffer.from(body)));
    const mark = { version, entry };
    this.#making.set(key, mark);
    try {
      return await entry;
    } finally {
      if (this.#making.get(key) === mark) this.#making.delete(key);
    }
  }

  /** Keeps an answer (when it fits at all; one that does not fit drops the key's older answer) and returns its entry. */
  set(key: string, version: string, body: Buffer): Entry {
    const entry: Entry = { key, version, body, encoded: {}, bytes: body.byteLength + key.length };
    this.#entries?.set(key, entry);
    return entry;
  }

  /** The entry's body compressed with `encoding`, made once (on libuv's thread pool) and kept with the entry. */
  encoded(entry: Entry, encoding: ListEncoding): Promise<Buffer> {
    let pending = entry.encoded[encoding];
    if (!pending) {
      pending = compressBody(entry.body, encoding);
      entry.encoded[encoding] = pending;
      pending.then(
        (buffer) => {
          entry.bytes += buffer.byteLength;
          // Set again to count the new size (and evict for it); lru-cache has no other way to resize an entry. It
          // also makes the entry the most recently used, which it just was: its request asked for this encoding.
          if (this.#entries?.peek(entry.key) === entry) this.#entries.set(entry.key, entry);
        },
        () => {
          delete entry.encoded[encoding];
        },
      );
    }
    return pending;
  }
}
