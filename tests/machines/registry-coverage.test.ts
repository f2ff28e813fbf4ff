import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines/registry';
import { chartToDiagram } from '../../src/atlas/chart-to-diagram';
import { layoutDiagram } from '../../src/atlas/layout';
import { renderSvg } from '../../src/atlas/render-svg';
import { allStateIds, allTransitions, coverage, modelPaths } from './coverage';

/** Every module that may define a machine: the `*.machine.ts` files and the factories' instances (load/loaders.ts). */
const machineModules = import.meta.glob<Record<string, unknown>>(['../../machines/**/*.machine.ts', '../../machines/**/loaders.ts'], { eager: true });

const isMachine = (value: unknown): value is { id: string; root: unknown; transition: () => unknown; getInitialSnapshot: () => unknown } =>
  typeof value === 'object' && value !== null && 'root' in value && typeof (value as { transition?: unknown }).transition === 'function' &&
  typeof (value as { getInitialSnapshot?: unknown }).getInitialSnapshot === 'function';

describe('machine registry', () => {
  it('lists every machine once, by its machine id', () => {
    const ids = machineRegistry.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of machineRegistry) expect(entry.machine.id).toBe(entry.id);
    expect(ids).toEqual(expect.arrayContaining(['contactForm', 'tokenResolution', 'unauthorized', 'announcements', 'dashboard', 'chooser']));
  });

  it('holds every machine a *.machine.ts under machines/ defines', () => {
    const defined = Object.entries(machineModules).flatMap(([file, module]) =>
      Object.entries(module).flatMap(([name, value]) => (isMachine(value) ? [{ where: `${file.replace('../../', '')}: ${name}`, machine: value }] : [])),
    );
    expect(Object.keys(machineModules).length).toBeGreaterThan(20);
    expect(defined.length).toBeGreaterThanOrEqual(machineRegistry.length);
    const missing = defined.filter((d) => !machineRegistry.some((entry) => (entry.machine as unknown) === d.machine)).map((d) => `${d.where} (id ${d.machine.id})`);
    expect(missing).toEqual([]);
  });

  it('gives every machine a one-line purpose', () => {
    for (const entry of machineRegistry) expect((entry.purpose ?? entry.description).trim(), entry.id).toMatch(/^[^\n]{8,}$/);
  });

  describe.each(machineRegistry.map((entry) => [entry.id, entry] as const))('%s', (_id, entry) => {
    const { shortest, all } = modelPaths(entry.machine, { input: entry.input, events: entry.events });

    it('has model events that generate paths', () => {
      expect(shortest.length).toBeGreaterThan(0);
      expect(allTransitions(entry.machine).length).toBeGreaterThan(0);
    });

    it('every state node is reached by a generated path', () => {
      expect(coverage(entry.machine, all).uncoveredStates).toEqual([]);
    });

    it('every transition is taken by a generated path', () => {
      expect(coverage(entry.machine, all).uncoveredTransitions).toEqual([]);
    });

    it('can be drawn: every state and transition is laid out and appears in the SVG', async () => {
      const diagram = chartToDiagram(entry.machine);
      expect(diagram.states.map((s) => s.id).sort()).toEqual([...allStateIds(entry.machine)].sort());
      const layout = await layoutDiagram(diagram, elk);
      expect(layout.width).toBeGreaterThan(0);
      expect(layout.states).toHaveLength(diagram.states.length);
      for (const s of layout.states) expect(s.width * s.height, s.state.id).toBeGreaterThan(0);
      const drawn = new Set(layout.edges.filter((e) => e.points.length >= 2).map((e) => e.transition));
      expect(diagram.transitions.filter((t) => !drawn.has(t.id)).map((t) => `${t.source} ${t.label}`)).toEqual([]);
      const svg = renderSvg(diagram, layout);
      for (const s of diagram.states) expect(svg).toContain(`data-state-id="${s.id}"`);
    });
  });
});

const elk = new ELK();
