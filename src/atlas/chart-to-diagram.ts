/**
 * Chart → diagram: a pure conversion of an XState v5 machine into the nodes and edges the atlas draws
 * and tabulates. No DOM, no layout: the same module runs in the browser (/atlas) and in Node (`npm run atlas`).
 */
import type { AnyStateMachine } from 'xstate';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface DiagramState {
  /** The state node id (e.g. `click2pay.form.editing`). */
  id: string;
  /** The key within its parent (the root's key is the machine id). */
  key: string;
  kind: StateKind;
  /** `shallow` | `deep` for history states. */
  history?: 'shallow' | 'deep';
  /** Whether this state is its parent's initial state. */
  initial: boolean;
  /** Parent state id (undefined for the root). */
  parent?: string;
  depth: number;
  entry: string[];
  exit: string[];
  /** Actors invoked while in this state. */
  invokes: DiagramActor[];
  tags: string[];
  description?: string;
  children: string[];
}

export interface DiagramActor {
  /** The invoke id (what `xstate.done.actor.<id>` names). */
  id: string;
  /** The actor logic's name in `setup({ actors })`, or `inline` for inline logic. */
  src: string;
  /** State that invokes it. */
  state: string;
}

export type TransitionKind = 'event' | 'always' | 'delayed' | 'actor-done' | 'actor-error' | 'state-done';

export interface DiagramTransition {
  /** Unique within the diagram. */
  id: string;
  source: string;
  /** Target state ids; empty for a targetless transition (actions only, drawn as a loop). */
  targets: string[];
  /** The raw event type (`''` for eventless). */
  event: string;
  kind: TransitionKind;
  /** Human label of the event: `GO`, `after 1000 ms`, `done: load`, `error: load`, `done`, `always`. */
  eventLabel: string;
  guard?: string;
  /** Delay of a delayed transition: milliseconds or the delay's name. */
  delay?: number | string;
  actions: string[];
  reenter: boolean;
  /** `event [guard]` as drawn on the edge. */
  label: string;
}

export interface Diagram {
  id: string;
  root: string;
  /** Every state, parents before children (document order). */
  states: DiagramState[];
  transitions: DiagramTransition[];
  /** User and system events the chart reacts to (raw types, sorted). */
  events: string[];
  guards: string[];
  actors: DiagramActor[];
  delays: Array<number | string>;
}

/**
 * A readable name for a function-valued guard/action/actor: its `type` or function name; XState's built-in actions
 * written inline by what they do — `assign({ result, error })` becomes `assign(result, error)` (`assign(…)` when it
 * assigns from a function), `raise({ type: 'go' })` `raise(go)`, other built-ins `sendTo(…)`, `log(…)`, …; an
 * anonymous function `inline`.
 */
export function functionName(fn: unknown): string {
  const f = fn as { type?: unknown; name?: string; assignment?: unknown; event?: unknown };
  if (typeof f.type === 'string' && f.type.startsWith('xstate.')) {
    const builtin = f.type.slice('xstate.'.length);
    if (builtin === 'assign' && f.assignment && typeof f.assignment === 'object') return `assign(${Object.keys(f.assignment).join(', ')})`;
    const event = f.event as { type?: unknown } | undefined;
    if (builtin === 'raise' && event && typeof event === 'object' && typeof event.type === 'string') return `raise(${event.type})`;
    return `${builtin}(…)`;
  }
  if (typeof f.type === 'string' && f.type) return f.type;
  return f.name && f.name !== 'anonymous' ? f.name : 'inline';
}

/** The name of a guard as written in the chart: `isOk`, `not(isOk)`, `and(a, b)`, `inline`. */
export function guardName(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const g = guard as { name?: string; check?: unknown; guards?: unknown[] };
    if (g.check && Array.isArray(g.guards)) return `${g.name}(${g.guards.map((x) => guardName(x) ?? '?').join(', ')})`;
    return functionName(guard);
  }
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') return (guard as { type: string }).type;
  return 'inline';
}

/** Names of actions (strings, `{ type }` objects, built-ins like `assign` by what they assign, named functions). */
export function actionNames(actions: unknown): string[] {
  const list = Array.isArray(actions) ? actions : actions === undefined || actions === null ? [] : [actions];
  return list.map((a) => {
    if (typeof a === 'string') return a;
    if (typeof a === 'function') return functionName(a);
    if (a && typeof a === 'object' && typeof (a as { type?: unknown }).type === 'string') return (a as { type: string }).type;
    return 'inline';
  });
}

/** The readable label of an event type, given the state that declares the transition. */
export function eventLabel(event: string, delay?: number | string): { kind: TransitionKind; label: string } {
  if (event === '') return { kind: 'always', label: 'always' };
  if (event.startsWith('xstate.after.')) {
    const d = delay ?? event.slice('xstate.after.'.length).split('.')[0];
    return { kind: 'delayed', label: typeof d === 'number' || /^\d+$/.test(String(d)) ? `after ${d} ms` : `after ${d}` };
  }
  if (event.startsWith('xstate.done.actor.')) return { kind: 'actor-done', label: `done: ${event.slice('xstate.done.actor.'.length)}` };
  if (event.startsWith('xstate.error.actor.')) return { kind: 'actor-error', label: `error: ${event.slice('xstate.error.actor.'.length)}` };
  if (event.startsWith('xstate.done.state.')) return { kind: 'state-done', label: 'done' };
  return { kind: 'event', label: event };
}

interface AnyNode {
  id: string;
  key: string;
  type: StateKind;
  history?: 'shallow' | 'deep' | false;
  parent?: AnyNode;
  initial?: { target?: AnyNode[] };
  states: Record<string, AnyNode>;
  transitions: Map<string, AnyTransition[]>;
  always?: AnyTransition[];
  invoke: Array<{ id: string; src: unknown }>;
  entry: unknown[];
  exit: unknown[];
  tags: string[];
  description?: string;
}

interface AnyTransition {
  target?: AnyNode[];
  guard?: unknown;
  actions?: unknown[];
  reenter?: boolean;
  delay?: number | string;
}

function srcName(src: unknown): string {
  if (typeof src === 'string') return src;
  if (typeof src === 'function') return functionName(src);
  const s = src as { id?: string; config?: { id?: string } } | undefined;
  return s?.config?.id ?? s?.id ?? 'inline';
}

export function chartToDiagram(machine: AnyStateMachine): Diagram {
  const root = machine.root as unknown as AnyNode;
  const states: DiagramState[] = [];
  const transitions: DiagramTransition[] = [];
  const actors: DiagramActor[] = [];
  const events = new Set<string>();
  const guards = new Set<string>();
  const delays: Array<number | string> = [];

  const addTransition = (node: AnyNode, event: string, def: AnyTransition) => {
    const { kind, label: evLabel } = eventLabel(event, def.delay);
    const guard = guardName(def.guard);
    if (guard) guards.add(guard);
    if (event) events.add(event);
    if (kind === 'delayed' && def.delay !== undefined && !delays.includes(def.delay)) delays.push(def.delay);
    const targets = (def.target ?? []).map((t) => t.id);
    transitions.push({
      id: `t${transitions.length}`,
      source: node.id,
      targets,
      event,
      kind,
      eventLabel: evLabel,
      ...(guard ? { guard } : {}),
      ...(kind === 'delayed' && def.delay !== undefined ? { delay: def.delay } : {}),
      actions: actionNames(def.actions),
      reenter: Boolean(def.reenter),
      label: guard ? `${evLabel} [${guard}]` : evLabel,
    });
  };

  const walk = (node: AnyNode, depth: number) => {
    const parent = node.parent;
    const initialOfParent = parent?.type === 'compound' && (parent.initial?.target ?? []).some((t) => t.id === node.id);
    const invokes = node.invoke.map((inv) => ({ id: inv.id, src: srcName(inv.src), state: node.id }));
    actors.push(...invokes);
    states.push({
      id: node.id,
      key: node.key,
      kind: node.type,
      ...(node.type === 'history' ? { history: node.history === 'deep' ? 'deep' : 'shallow' } : {}),
      initial: Boolean(initialOfParent),
      ...(parent ? { parent: parent.id } : {}),
      depth,
      entry: actionNames(node.entry),
      exit: actionNames(node.exit),
      invokes,
      tags: [...(node.tags ?? [])],
      ...(node.description ? { description: node.description } : {}),
      children: Object.values(node.states).map((c) => c.id),
    });
    for (const [event, defs] of node.transitions) for (const def of defs) addTransition(node, event, def);
    for (const def of node.always ?? []) addTransition(node, '', def);
    for (const child of Object.values(node.states)) walk(child, depth + 1);
  };
  walk(root, 0);

  return {
    id: machine.id,
    root: root.id,
    states,
    transitions,
    events: [...events].sort(),
    guards: [...guards].sort(),
    actors,
    delays,
  };
}
