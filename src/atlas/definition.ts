/**
 * A machine's definition in the forms the Stately editor and the XState visualizer take: the `createMachine({...})`
 * code they paste (`machineCode`) and the machine's JSON config (`machineDefinitionJson`). Every function is replaced
 * by a readable name — guards, actions, actors and delays keep the names they have in `setup()`; inline built-in
 * actions are named by what they do (`assign(result, error)`, see `functionName`); a `params` function becomes a
 * description of where its value comes from (`(from the event)`); anonymous functions become `"inline"`; context,
 * input and output factories are left out. Pure; used by /atlas and `npm run atlas`.
 */
import type { AnyStateMachine } from 'xstate';
import { functionName, guardName } from './chart-to-diagram';

function isActorLogic(value: object): boolean {
  const v = value as { transition?: unknown; getInitialSnapshot?: unknown };
  return typeof v.transition === 'function' && typeof v.getInitialSnapshot === 'function';
}

/**
 * What a `params` function computes its value from, as far as its text tells (destructured `context`/`event` keep
 * their names in a minified build too): `(from the event)`, `(from context)`, `(from context and event)`, `(computed)`.
 */
export function paramsDescription(fn: (...args: never[]) => unknown): string {
  const text = Function.prototype.toString.call(fn);
  const context = /\bcontext\b/.test(text);
  const event = /\bevent\b/.test(text);
  if (context && event) return '(from context and event)';
  if (event) return '(from the event)';
  if (context) return '(from context)';
  return '(computed)';
}

function sanitize(value: unknown, key: string, seen: WeakSet<object>): unknown {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function') {
      if (key === 'params') return paramsDescription(value as (...args: never[]) => unknown);
      if (key === 'guard') return guardName(value);
      return functionName(value);
    }
    if (typeof value === 'bigint' || typeof value === 'symbol') return String(value);
    return value;
  }
  if (isActorLogic(value)) return (value as { id?: string; config?: { id?: string } }).config?.id ?? 'inline';
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (Array.isArray(value)) {
    const list = value.map((v) => sanitize(v, key, seen));
    seen.delete(value);
    return list;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    // A context/output factory or an input mapper has no JSON form: leave it out rather than writing a name as data.
    if ((k === 'context' || k === 'input' || k === 'output') && typeof v === 'function') continue;
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

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const quote = (s: string) => `'${JSON.stringify(s).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;

/** A JSON-ready value as a JavaScript literal: bare keys where they are identifiers, single-quoted strings. */
export function jsLiteral(value: unknown, indent = ''): string {
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? quote(value) : JSON.stringify(value) ?? 'undefined';
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((v) => jsLiteral(v, inner));
    const flat = `[${items.join(', ')}]`;
    return flat.length + indent.length <= 100 && !flat.includes('\n') ? flat : `[\n${items.map((i) => `${inner}${i},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const pairs = entries.map(([k, v]) => `${IDENTIFIER.test(k) ? k : quote(k)}: ${jsLiteral(v, inner)}`);
  // A small object of plain values on one line (`{ type: 'final' }`), anything holding an object on several.
  const leaf = entries.every(([, v]) => v === null || typeof v !== 'object' || (Array.isArray(v) && v.every((i) => i === null || typeof i !== 'object')));
  const flat = `{ ${pairs.join(', ')} }`;
  if (leaf && flat.length + indent.length <= 100) return flat;
  return `{\n${pairs.map((p) => `${inner}${p},`).join('\n')}\n${indent}}`;
}

/**
 * The machine as code the Stately editor and the XState visualizer take: `import { createMachine } from 'xstate';
 * export const machine = createMachine({...});` — valid TypeScript and JavaScript. `purpose` goes into its comment.
 */
export function machineCode(machine: AnyStateMachine, purpose?: string): string {
  const comment = [
    `/**`,
    ...(purpose ? [` * ${machine.id}: ${purpose.replace(/\*\//g, '* /')}`, ` *`] : []),
    ` * Generated by the PerformancePay workflow atlas from the machine the portal runs. Guards, actions, actors and`,
    ` * delays are named, not implemented; paste it into the Stately editor (stately.ai) or the XState visualizer.`,
    ` */`,
  ];
  return `import { createMachine } from 'xstate';\n\n${comment.join('\n')}\nexport const machine = createMachine(${jsLiteral(machineDefinition(machine))});\n`;
}
