import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines/registry';
import { allTransitions, coverage, modelPaths } from './coverage';

describe('machine registry', () => {
  it('lists every machine once, by its machine id', () => {
    const ids = machineRegistry.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of machineRegistry) expect(entry.machine.id).toBe(entry.id);
    expect(ids).toEqual(expect.arrayContaining(['contactForm', 'tokenResolution', 'unauthorized', 'announcements', 'dashboard', 'chooser']));
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
  });
});
