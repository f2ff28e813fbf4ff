// @vitest-environment node
import ELK from 'elkjs/lib/elk.bundled.js';
import { and, createMachine, fromPromise, not, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { chartToDiagram, eventLabel, guardName } from '../../src/atlas/chart-to-diagram';
import { machineDefinition, machineDefinitionJson } from '../../src/atlas/definition';
import { layoutDiagram } from '../../src/atlas/layout';
import { renderSvg } from '../../src/atlas/render-svg';

const fixture = setup({
  guards: { isReady: () => true, isBig: () => false },
  actors: { fetchThing: fromPromise(async () => 1) },
  actions: { track: () => {} },
  delays: { slowly: 2500 },
}).createMachine({
  id: 'fixture',
  initial: 'idle',
  states: {
    idle: {
      on: {
        START: { target: 'loading', guard: 'isReady' },
        FORCE: { target: 'loading', guard: not('isReady') },
        BOTH: { target: 'working', guard: and(['isReady', 'isBig']) },
        PING: { actions: 'track' },
      },
      after: { 1000: 'working', slowly: { target: 'done', guard: 'isBig' } },
    },
    loading: {
      entry: 'track',
      invoke: { id: 'thing', src: 'fetchThing', onDone: 'working', onError: 'idle' },
    },
    working: {
      type: 'parallel',
      states: {
        upload: {
          initial: 'sending',
          states: {
            sending: { on: { SENT: 'sent' } },
            sent: { type: 'final' },
            resume: { type: 'history', history: 'deep' },
          },
          onDone: '#fixture.done',
        },
        audit: { initial: 'on', states: { on: { always: { target: 'off', guard: 'isBig' } }, off: {} } },
      },
    },
    done: { type: 'final' },
  },
});

describe('chartToDiagram', () => {
  const diagram = chartToDiagram(fixture);
  const state = (id: string) => diagram.states.find((s) => s.id === id)!;
  const transitionsOf = (source: string) => diagram.transitions.filter((t) => t.source === source);

  it('lists every state with its kind, parent, depth and initial flag', () => {
    expect(diagram.states.map((s) => s.id)).toEqual([
      'fixture', 'fixture.idle', 'fixture.loading', 'fixture.working', 'fixture.working.upload', 'fixture.working.upload.sending',
      'fixture.working.upload.sent', 'fixture.working.upload.resume', 'fixture.working.audit', 'fixture.working.audit.on',
      'fixture.working.audit.off', 'fixture.done',
    ]);
    expect(state('fixture')).toMatchObject({ kind: 'compound', depth: 0, initial: false });
    expect(state('fixture.idle')).toMatchObject({ kind: 'atomic', parent: 'fixture', initial: true });
    expect(state('fixture.working')).toMatchObject({ kind: 'parallel', children: ['fixture.working.upload', 'fixture.working.audit'] });
    // Regions of a parallel state are all active: none is "the initial one".
    expect(state('fixture.working.upload')).toMatchObject({ kind: 'compound', initial: false, depth: 2 });
    expect(state('fixture.working.upload.sent').kind).toBe('final');
    expect(state('fixture.done').kind).toBe('final');
    expect(state('fixture.working.upload.resume')).toMatchObject({ kind: 'history', history: 'deep' });
  });

  it('labels transitions with event and guard, higher-order guards spelled out', () => {
    const idle = transitionsOf('fixture.idle');
    expect(idle.find((t) => t.event === 'START')).toMatchObject({ targets: ['fixture.loading'], guard: 'isReady', label: 'START [isReady]', kind: 'event' });
    expect(idle.find((t) => t.event === 'FORCE')?.label).toBe('FORCE [not(isReady)]');
    expect(idle.find((t) => t.event === 'BOTH')?.guard).toBe('and(isReady, isBig)');
    expect(idle.find((t) => t.event === 'PING')).toMatchObject({ targets: [], actions: ['track'], label: 'PING' });
    expect(diagram.guards).toEqual(['and(isReady, isBig)', 'isBig', 'isReady', 'not(isReady)']);
  });

  it('shows delayed transitions by their delay, numeric or named, with their guard', () => {
    const delayed = transitionsOf('fixture.idle').filter((t) => t.kind === 'delayed');
    expect(delayed.map((t) => t.label)).toEqual(['after 1000 ms', 'after slowly [isBig]']);
    expect(delayed.map((t) => t.delay)).toEqual([1000, 'slowly']);
    expect(diagram.delays).toEqual([1000, 'slowly']);
  });

  it('lists invoked actors and names their done / error transitions', () => {
    expect(diagram.actors).toEqual([{ id: 'thing', src: 'fetchThing', state: 'fixture.loading' }]);
    expect(state('fixture.loading')).toMatchObject({ entry: ['track'], invokes: [{ id: 'thing', src: 'fetchThing' }] });
    expect(transitionsOf('fixture.loading').map((t) => [t.kind, t.label, t.targets])).toEqual([
      ['actor-done', 'done: thing', ['fixture.working']],
      ['actor-error', 'error: thing', ['fixture.idle']],
    ]);
  });

  it('shows a compound state’s done transition and eventless (always) transitions', () => {
    expect(transitionsOf('fixture.working.upload')).toEqual([expect.objectContaining({ kind: 'state-done', label: 'done', targets: ['fixture.done'] })]);
    expect(transitionsOf('fixture.working.audit.on')).toEqual([expect.objectContaining({ kind: 'always', event: '', label: 'always [isBig]', targets: ['fixture.working.audit.off'] })]);
  });

  it('names events readably', () => {
    expect(eventLabel('xstate.after.300.m.a')).toEqual({ kind: 'delayed', label: 'after 300 ms' });
    expect(eventLabel('xstate.done.actor.fetch')).toEqual({ kind: 'actor-done', label: 'done: fetch' });
    expect(guardName({ type: 'isOk', params: {} })).toBe('isOk');
    expect(guardName(() => true)).toBe('inline');
    expect(guardName(undefined)).toBeUndefined();
  });

  it('lays out and draws every state and every labelled transition', async () => {
    const layout = await layoutDiagram(diagram, new ELK());
    expect(layout.states.map((s) => s.state.id).sort()).toEqual(diagram.states.map((s) => s.id).sort());
    for (const s of layout.states) {
      const parent = layout.states.find((p) => p.state.id === s.state.parent);
      if (!parent) continue;
      // Children are drawn inside their parent.
      expect(s.x).toBeGreaterThanOrEqual(parent.x);
      expect(s.y).toBeGreaterThanOrEqual(parent.y);
      expect(s.x + s.width).toBeLessThanOrEqual(parent.x + parent.width + 0.5);
      expect(s.y + s.height).toBeLessThanOrEqual(parent.y + parent.height + 0.5);
    }
    const edges = layout.edges.filter((e) => e.transition);
    expect(edges).toHaveLength(diagram.transitions.reduce((n, t) => n + Math.max(1, t.targets.length), 0));
    expect(edges.every((e) => e.points.length >= 2 && e.label)).toBe(true);
    // One initial marker per compound state with an initial child (the root and both regions).
    expect(layout.initials.map((i) => i.target).sort()).toEqual(['fixture.idle', 'fixture.working.audit.on', 'fixture.working.upload.sending']);

    const svg = renderSvg(diagram, layout);
    for (const s of diagram.states) expect(svg).toContain(`data-state-id="${s.id}"`);
    for (const label of ['START [isReady]', 'after 1000 ms', 'after slowly [isBig]', 'done: thing', 'error: thing', 'always [isBig]', 'invoke fetchThing (thing)', 'entry / track', '>H*<', 'working ∥']) {
      expect(svg).toContain(`>${label.replace(/^>|<$/g, '')}<`);
    }
    expect(svg).toMatch(/class="atlas-state final" data-state-id="fixture.done"/);
    expect(svg).toMatch(/class="atlas-state compound region" data-state-id="fixture.working.upload"/);
  });
});

describe('machineDefinition (Stately editor / visualizer import)', () => {
  it('is the JSON config with functions replaced by their names', () => {
    const def = machineDefinition(fixture) as any;
    expect(def.id).toBe('fixture');
    expect(def.initial).toBe('idle');
    expect(def.states.idle.on.START).toEqual({ target: 'loading', guard: 'isReady' });
    expect(def.states.idle.on.FORCE.guard).toBe('not(isReady)');
    expect(def.states.idle.after).toEqual({ 1000: 'working', slowly: { target: 'done', guard: 'isBig' } });
    expect(def.states.loading.invoke).toEqual({ id: 'thing', src: 'fetchThing', onDone: 'working', onError: 'idle' });
    expect(def.states.working.type).toBe('parallel');
    expect(def.states.working.states.upload.states.resume).toEqual({ type: 'history', history: 'deep' });
    const json = machineDefinitionJson(fixture);
    expect(JSON.parse(json)).toEqual(def);
    // The result builds again as a machine with the same states.
    const rebuilt = createMachine(JSON.parse(json));
    expect(chartToDiagram(rebuilt).states.map((s) => s.id)).toEqual(chartToDiagram(fixture).states.map((s) => s.id));
  });

  it('names inline functions, assign actions and drops context factories', () => {
    const m = createMachine({ id: 'inline', context: () => ({ n: 1 }), initial: 'a', states: { a: { on: { GO: { guard: ({ context }) => (context as unknown as { n: number }).n > 0, actions: [function countUp() {}] } } } } });
    const def = machineDefinition(m) as any;
    expect(def.context).toBeUndefined();
    expect(def.states.a.on.GO).toEqual({ guard: 'guard', actions: ['countUp'] });
  });
});
