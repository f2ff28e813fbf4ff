/**
 * The position in a change feed ordered by (updatedAt, id): the last row a caller was given. Opaque to the caller,
 * who stores it and sends it back (base64url of `{"u": ISO time to the millisecond, "i": row id}`): never a time or
 * an id a caller could build or mistake for one, and free to carry more later.
 */
export interface ChangePosition {
  updatedAt: Date;
  id: string;
}

/** The longest cursor text `encodeCursor` makes (the contract's bound has room to spare). */
export const CURSOR_MAX_LENGTH = 200;

export function encodeCursor(position: ChangePosition): string {
  return Buffer.from(JSON.stringify({ u: position.updatedAt.toISOString(), i: position.id }), 'utf8').toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The position a cursor names, or null when the text is not a cursor this server made. */
export function decodeCursor(text: string): ChangePosition | null {
  if (text.length === 0 || text.length > CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { u, i } = parsed as { u?: unknown; i?: unknown };
  if (typeof u !== 'string' || typeof i !== 'string' || !ISO_MILLIS.test(u) || !UUID.test(i)) return null;
  const updatedAt = new Date(u);
  if (Number.isNaN(updatedAt.getTime()) || updatedAt.toISOString() !== u) return null;
  return { updatedAt, id: i };
}
