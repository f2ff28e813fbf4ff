/**
 * Layout of a diagram with ELK (the layered algorithm the Stately tools use), hierarchical: compound and parallel
 * states contain their children, edges are routed across levels. Text is measured by a fixed advance per character
 * (the SVG draws monospace), so the browser and Node lay out the same picture without a DOM.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { Diagram, DiagramState } from './chart-to-diagram';

export interface ElkLike {
  layout(graph: ElkNode): Promise<ElkNode>;
}

export const FONT_SIZE = 12;
export const CHAR_WIDTH = 7.4;
export const LINE_HEIGHT = 16;
const PAD_X = 10;
const HEADER = 24;
const HISTORY_SIZE = 30;
const INITIAL_SIZE = 10;

export const textWidth = (text: string) => Math.ceil(text.length * CHAR_WIDTH);

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidOutState extends Box {
  state: DiagramState;
  /** Lines drawn under the name: entry / exit actions, invoked actors, tags. */
  lines: string[];
}

export interface LaidOutEdge {
  id: string;
  /** Transition id, or `init:<state>` for the initial-state arrow. */
  transition: string | null;
  source: string;
  target: string;
  points: Array<{ x: number; y: number }>;
  label?: Box & { text: string };
}

export interface LaidOutInitial extends Box {
  /** The state the marker points to. */
  target: string;
}

export interface Layout {
  width: number;
  height: number;
  states: LaidOutState[];
  edges: LaidOutEdge[];
  initials: LaidOutInitial[];
}

/** What a state shows under its name. */
export function stateLines(state: DiagramState): string[] {
  const lines: string[] = [];
  if (state.entry.length) lines.push(`entry / ${state.entry.join(', ')}`);
  if (state.exit.length) lines.push(`exit / ${state.exit.join(', ')}`);
  for (const inv of state.invokes) lines.push(`invoke ${inv.src}${inv.id !== inv.src ? ` (${inv.id})` : ''}`);
  if (state.tags.length) lines.push(`tags: ${state.tags.join(', ')}`);
  return lines;
}

export function stateTitle(state: DiagramState): string {
  if (state.kind === 'history') return state.history === 'deep' ? 'H*' : 'H';
  return state.key;
}

function headerHeight(state: DiagramState): number {
  return HEADER + stateLines(state).length * LINE_HEIGHT;
}

function nodeWidth(state: DiagramState): number {
  const widest = Math.max(textWidth(`${state.key}${state.kind === 'parallel' ? ' ∥' : ''}`), ...stateLines(state).map(textWidth));
  return widest + PAD_X * 2;
}

export const ROOT_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.json.edgeCoords': 'ROOT',
  'elk.json.shapeCoords': 'ROOT',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeNode': '16',
  'elk.spacing.edgeEdge': '10',
  'elk.spacing.edgeLabel': '4',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.edgeLabels.inline': 'false',
};

/** The ELK graph of a diagram (exported for tests). */
export function toElkGraph(diagram: Diagram): ElkNode {
  const byId = new Map(diagram.states.map((s) => [s.id, s]));
  const edges: ElkExtendedEdge[] = [];
  const build = (state: DiagramState): ElkNode => {
    if (state.kind === 'history') return { id: state.id, width: HISTORY_SIZE, height: HISTORY_SIZE };
    if (state.children.length === 0) {
      return { id: state.id, width: nodeWidth(state), height: headerHeight(state) + (state.kind === 'final' ? 10 : 4) };
    }
    const children = state.children.map((id) => build(byId.get(id)!));
    const initial = state.kind === 'compound' ? state.children.map((id) => byId.get(id)!).find((c) => c.initial) : undefined;
    if (initial) {
      children.unshift({ id: `init:${state.id}`, width: INITIAL_SIZE, height: INITIAL_SIZE });
      edges.push({ id: `init-edge:${state.id}`, sources: [`init:${state.id}`], targets: [initial.id] });
    }
    return {
      id: state.id,
      layoutOptions: { 'elk.padding': `[top=${headerHeight(state) + 8},left=14,bottom=14,right=14]` },
      children,
      // A compound node at least as wide as its own header.
      width: nodeWidth(state),
      height: headerHeight(state),
    };
  };
  const root = build(byId.get(diagram.root)!);
  for (const t of diagram.transitions) {
    const targets = t.targets.length ? t.targets : [t.source];
    targets.forEach((target, i) => {
      const text = t.label;
      edges.push({
        id: `${t.id}#${i}`,
        sources: [t.source],
        targets: [target],
        labels: [{ id: `${t.id}#${i}:label`, text, width: textWidth(text) + 8, height: LINE_HEIGHT + 2 }],
      });
    });
  }
  return {
    id: '__atlas_root__',
    layoutOptions: { ...ROOT_OPTIONS, 'elk.padding': '[top=10,left=10,bottom=10,right=10]', 'elk.nodeSize.constraints': 'MINIMUM_SIZE' },
    children: [{ ...root, layoutOptions: { ...root.layoutOptions, 'elk.nodeSize.constraints': 'MINIMUM_SIZE' } }],
    edges,
  };
}

/** Lays the diagram out; coordinates are absolute (top-left of the drawing at 0,0). */
export async function layoutDiagram(diagram: Diagram, elk: ElkLike): Promise<Layout> {
  const graph = toElkGraph(diagram);
  // Compound nodes keep at least their header width.
  const setMin = (node: ElkNode) => {
    if (node.children?.length && node.id !== '__atlas_root__') {
      node.layoutOptions = { ...node.layoutOptions, 'elk.nodeSize.constraints': 'MINIMUM_SIZE', 'elk.nodeSize.minimum': `(${node.width},${node.height})` };
    }
    node.children?.forEach(setMin);
  };
  setMin(graph);
  const out = await elk.layout(graph);
  const byId = new Map(diagram.states.map((s) => [s.id, s]));
  const states: LaidOutState[] = [];
  const initials: LaidOutInitial[] = [];
  const visit = (node: ElkNode) => {
    for (const child of node.children ?? []) {
      const box = { x: child.x ?? 0, y: child.y ?? 0, width: child.width ?? 0, height: child.height ?? 0 };
      if (child.id.startsWith('init:')) {
        const parent = byId.get(child.id.slice(5))!;
        const target = parent.children.map((id) => byId.get(id)!).find((c) => c.initial)!;
        initials.push({ ...box, target: target.id });
      } else {
        const state = byId.get(child.id)!;
        states.push({ ...box, state, lines: state.kind === 'history' ? [] : stateLines(state) });
      }
      visit(child);
    }
  };
  visit(out);
  const edges: LaidOutEdge[] = (out.edges ?? []).map((e) => {
    const section = e.sections?.[0];
    const points = section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint] : [];
    const label = e.labels?.[0];
    const isInit = e.id.startsWith('init-edge:');
    return {
      id: e.id,
      transition: isInit ? null : e.id.split('#')[0],
      source: e.sources[0],
      target: e.targets[0],
      points: points.map((p) => ({ x: p.x, y: p.y })),
      ...(label ? { label: { x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0, text: label.text ?? '' } } : {}),
    };
  });
  return { width: Math.ceil(out.width ?? 0), height: Math.ceil(out.height ?? 0), states, edges, initials };
}
