/**
 * (Shared by the tests, the atlas page and `npm run coverage:machines`.)
 * Coverage of a machine by generated model paths: every state node and every transition
 * (source state + event type + targets) must be taken by at least one path.
 */
import type { AnyStateMachine, EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';

export interface TransitionKey {
  source: string;
  event: string;
  targets: string[];
}

export function describeTransition(t: TransitionKey): string {
  return `${t.source} --${t.event}--> ${t.targets.length ? t.targets.join(', ') : '(no target)'}`;
}

interface AnyNode {
  id: string;
  states: Record<string, AnyNode>;
  transitions: Map<string, Array<{ target?: Array<{ id: string }> }>>;
  always?: Array<{ target?: Array<{ id: string }> }>;
}

/** Every state node id of the machine (the root included). */
export function allStateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const walk = (node: AnyNode) => {
    ids.push(node.id);
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root as unknown as AnyNode);
  return ids;
}

/** Every transition of the machine, eventless ones as event ''. Deduplicated by key. */
export function allTransitions(machine: AnyStateMachine): TransitionKey[] {
  const list = new Map<string, TransitionKey>();
  const walk = (node: AnyNode) => {
    for (const [event, defs] of node.transitions) {
      for (const def of defs) {
        const t = { source: node.id, event, targets: (def.target ?? []).map((n) => n.id) };
        list.set(describeTransition(t), t);
      }
    }
    for (const def of node.always ?? []) {
      const t = { source: node.id, event: '', targets: (def.target ?? []).map((n) => n.id) };
      list.set(describeTransition(t), t);
    }
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root as unknown as AnyNode);
  return [...list.values()];
}

interface Snap {
  _nodes: Array<{ id: string }>;
  value: unknown;
  context: unknown;
}

const activeIds = (s: Snap) => new Set(s._nodes.map((n) => n.id));

/** Serialises a vertex by state, context and the event that led there, so self-loops are new vertices. */
function serializeVertex(state: Snap, event: EventObject | undefined, prev?: Snap): string {
  return JSON.stringify({ value: state.value, context: state.context, via: event?.type, from: prev?.value });
}

export interface ModelPathsOptions {
  input?: unknown;
  events: (snapshot: any) => EventObject[];
}

export function buildModel(machine: AnyStateMachine, options: ModelPathsOptions) {
  return new TestModel(machine as any, {
    events: options.events as any,
    input: options.input,
    serializeState: serializeVertex as any,
  } as any);
}

/**
 * The generated paths of the model. `all` — what coverage is computed from, in the atlas, `npm run coverage:machines`
 * and the tests — is the shortest paths: their vertices are transition-aware (state, context and the event that led
 * there), so every transition the model can take is the last step of some shortest path. Simple paths (every path
 * without a repeated vertex) are computed only when asked for (`npm run paths -- <id> --simple`): on a chart with
 * several independent choices, such as autopayUpdate, they run into the millions and would freeze the atlas.
 */
export function modelPaths(machine: AnyStateMachine, options: ModelPathsOptions) {
  const model = buildModel(machine, options);
  const shortest = model.getShortestPaths();
  return {
    shortest,
    get simple() {
      return model.getSimplePaths();
    },
    all: shortest,
  };
}

export interface Coverage {
  uncoveredStates: string[];
  uncoveredTransitions: string[];
}

/** A step as recorded by a walk: the active state node ids after it and the event that led there. */
export interface RecordedStep {
  active: string[];
  event: string;
}

/** The recorded form of generated paths (what a walk writes, what `coverage` reads). */
export function recordSteps(steps: Array<{ state: unknown; event: EventObject }>): RecordedStep[] {
  return steps.map((step) => ({ active: [...activeIds(step.state as Snap)], event: step.event.type }));
}

/** States and transitions of the machine no step of the recorded paths takes. */
export function coverageOfRecorded(machine: AnyStateMachine, paths: RecordedStep[][]): Coverage {
  const seenStates = new Set<string>();
  const taken: Array<{ from: Set<string>; event: string; to: Set<string> }> = [];
  for (const steps of paths) {
    let prev: Set<string> | null = null;
    for (const step of steps) {
      const now = new Set(step.active);
      now.forEach((id) => seenStates.add(id));
      if (prev) taken.push({ from: prev, event: step.event, to: now });
      prev = now;
    }
  }
  const uncoveredStates = allStateIds(machine).filter((id) => !seenStates.has(id));
  const uncoveredTransitions = allTransitions(machine)
    .filter((t) => {
      if (t.event === '') return !t.targets.every((id) => seenStates.has(id));
      return !taken.some((s) => s.event === t.event && s.from.has(t.source) && t.targets.every((id) => s.to.has(id)));
    })
    .map(describeTransition);
  return { uncoveredStates, uncoveredTransitions };
}

/** States and transitions of the machine no step of the paths takes. */
export function coverage(machine: AnyStateMachine, paths: Array<{ steps: Array<{ state: unknown; event: EventObject }> }>): Coverage {
  return coverageOfRecorded(machine, paths.map((p) => recordSteps(p.steps)));
}

export interface CoverageFigures {
  states: { covered: number; total: number };
  transitions: { covered: number; total: number };
  uncoveredStates: string[];
  uncoveredTransitions: string[];
}

/** Covered / total counts of a coverage result. */
export function figures(machine: AnyStateMachine, result: Coverage): CoverageFigures {
  const states = allStateIds(machine).length;
  const transitions = allTransitions(machine).length;
  return {
    states: { covered: states - result.uncoveredStates.length, total: states },
    transitions: { covered: transitions - result.uncoveredTransitions.length, total: transitions },
    ...result,
  };
}

export const percent = (part: { covered: number; total: number }) => (part.total === 0 ? 100 : Math.floor((part.covered / part.total) * 1000) / 10);
