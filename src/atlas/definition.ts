/**
 * A machine's definition in the format the Stately editor and the XState visualizer import: the machine's JSON
 * config (`createMachine` argument) with every function replaced by its name — guards, actions, actors and delays
 * keep the names they have in `setup()`, inline ones become `"inline"`. Pure; used by /atlas and `npm run atlas`.
 */
import type { AnyStateMachine } from 'xstate';

function nameOf(fn: unknown): string {
  const f = fn as { type?: unknown; name?: string; check?: unknown; guards?: unknown[] };
  if (f.check && Array.isArray(f.guards)) return `${f.name}(${f.guards.map((g) => (typeof g === 'string' ? g : nameOf(g))).join(', ')})`;
  if (typeof f.type === 'string' && f.type) return f.type;
  return f.name && f.name !== 'anonymous' ? f.name : 'inline';
}

function isActorLogic(value: object): boolean {
  const v = value as { transition?: unknown; getInitialSnapshot?: unknown };
  return typeof v.transition === 'function' && typeof v.getInitialSnapshot === 'function';
}

function sanitize(value: unknown, key: string, seen: WeakSet<object>): unknown {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function') return nameOf(value);
    if (typeof value === 'bigint' || typeof value === 'symbol') return String(value);
    return value;
  }
  if (isActorLogic(value)) return (value as { id?: string; config?: { id?: string } }).config?.id ?? 'inline';
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => sanitize(v, key, seen));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    // A context factory or an input mapper has no JSON form: leave it out rather than writing a name as data.
    if ((k === 'context' || k === 'input') && typeof v === 'function') continue;
    if (k === 'schemas') continue;
    const s = sanitize(v, k, seen);
    if (s !== undefined) out[k] = s;
  }
  seen.delete(value);
  return out;
}

/** The machine config as JSON-ready data (id first). */
export function machineDefinition(machine: AnyStateMachine): Record<string, unknown> {
  const config = sanitize((machine as unknown as { config: object }).config, '', new WeakSet()) as Record<string, unknown>;
  return { id: machine.id, ...config };
}

/** The text the atlas downloads and copies: pretty JSON with a trailing newline. */
export function machineDefinitionJson(machine: AnyStateMachine): string {
  return `${JSON.stringify(machineDefinition(machine), null, 2)}\n`;
}
