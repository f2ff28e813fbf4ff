/**
 * The terms (EPA) documents the customer is shown before agreeing (`/static/epa/<version>/<filename>`), by the SHA-256
 * of their bytes: an authorization record names the exact document, so a later edit of a file under the same version
 * shows as a different hash. Each file is read once per process and its hash kept; a file that is missing is not
 * remembered as missing (it may be deployed meanwhile) and answers null — the caller refuses the agreement.
 *
 * The server checks at start that every configured version has its file (`missingEpaDocuments`): a missing document
 * is a deployment error (the customer would be asked to agree to a page that does not exist), better seen at once.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface EpaTerms {
  version: string;
  filename: string;
}

/** One path segment: no separator, not `.`/`..`, so a configured name never reaches outside the folder. */
const isSegment = (value: string) => value.length > 0 && value.length <= 200 && !/[/\\\0]/.test(value) && value !== '.' && value !== '..';

/** The document's file, or null when the version or file name is not a plain name. */
export function epaDocumentPath(epaDir: string, terms: EpaTerms): string | null {
  if (!isSegment(terms.version) || !isSegment(terms.filename)) return null;
  return path.join(epaDir, terms.version, terms.filename);
}

const hashes = new Map<string, string>();

/** sha256 hex of the document's bytes, read once per file; null when it cannot be read. */
export function epaDocumentSha256(epaDir: string, terms: EpaTerms): string | null {
  const file = epaDocumentPath(epaDir, terms);
  if (!file) return null;
  const known = hashes.get(file);
  if (known) return known;
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  const hash = createHash('sha256').update(bytes).digest('hex');
  hashes.set(file, hash);
  return hash;
}

/** The configured terms whose document is missing, as `provider: version/filename` (empty when all are there). */
export function missingEpaDocuments(epaDir: string, configured: Record<string, EpaTerms>): string[] {
  return Object.entries(configured)
    .filter(([, terms]) => epaDocumentSha256(epaDir, terms) === null)
    .map(([provider, terms]) => `${provider}: ${terms.version}/${terms.filename}`);
}
