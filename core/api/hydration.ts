/**
 * What a token page's machines reached on the server, as text the page can carry and the browser can read back
 * (docs/token-page-hydration.md): the persisted snapshot of every actor the server's render started, by the
 * React `useId` of the hook that made it (the same id the browser's render of the same tree gives that hook), with the
 * machine's id so that a snapshot is only ever restored into the machine it came from.
 *
 * Serialized with `devalue` (Set, Map, Date, undefined, repeated and cyclic references) plus reducers for what the
 * machines keep that it does not know: Temporal's values and errors. Anything else that is not plain data (a function,
 * a class instance) is refused: such a page is not restorable, and the caller sends it without snapshots.
 */
import { parse, stringify } from 'devalue';
import type { Temporal as TemporalNamespace } from 'temporal-polyfill';

export const SNAPSHOTS_ELEMENT_ID = 'pp-snapshots';

/** One actor's snapshot: the machine (its id) it belongs to and its persisted snapshot. */
export interface ActorSnapshot {
  machine: string;
  snapshot: unknown;
}

export type ActorSnapshots = Record<string, ActorSnapshot>;

/** Temporal's classes (given, not imported: this module is on every token page, Temporal on few). */
export type TemporalClasses = Pick<typeof TemporalNamespace, 'Instant' | 'PlainDate' | 'PlainDateTime' | 'ZonedDateTime' | 'PlainTime'>;

const TEMPORAL_KINDS = ['Instant', 'PlainDate', 'PlainDateTime', 'ZonedDateTime', 'PlainTime'] as const;

interface SerializedError {
  name: string;
  message: string;
  /** own enumerable fields of the error (an API error's status and code), plain data only */
  fields: Record<string, unknown>;
}

function reducers(temporal: TemporalClasses | null): Record<string, (value: unknown) => unknown> {
  const out: Record<string, (value: unknown) => unknown> = {};
  if (temporal) for (const kind of TEMPORAL_KINDS) out[`T${kind}`] = (value) => value instanceof temporal[kind] && (value as { toString(): string }).toString();
  out.Error = (value) => value instanceof Error && ({ name: value.name, message: value.message, fields: { ...(value as unknown as Record<string, unknown>) } } satisfies SerializedError);
  return out;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- devalue's reviver signature
function revivers(temporal: TemporalClasses | null): Record<string, (value: any) => unknown> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const out: Record<string, (value: any) => unknown> = {};
  if (temporal) for (const kind of TEMPORAL_KINDS) out[`T${kind}`] = (value: string) => (temporal[kind] as unknown as { from(s: string): unknown }).from(value);
  out.Error = ({ name, message, fields }: SerializedError) => Object.assign(new Error(message), fields, { name });
  return out;
}

/** The snapshots as text, or null when one holds what cannot be carried (a function, a class instance). */
export function encodeSnapshots(snapshots: ActorSnapshots, temporal: TemporalClasses | null = null): string | null {
  try {
    return stringify(snapshots, reducers(temporal));
  } catch {
    return null;
  }
}

/** The snapshots back from their text (Temporal's values only with `temporal` given); null when it is not theirs. */
export function decodeSnapshots(text: string, temporal: TemporalClasses | null = null): ActorSnapshots | null {
  try {
    const value = parse(text, revivers(temporal)) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as ActorSnapshots) : null;
  } catch {
    return null;
  }
}
