/**
 * Transition coverage of a model-based walk: every transition definition of a chart, and the ones a walked path
 * takes, both as "source|event|branch", so a test can list the definitions no generated path walks.
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';

/** Every transition definition of a machine, as "source|event|branch". */
export function allTransitions(machine: AnyStateMachine): Set<string> {
  const ids = new Set<string>();
  const visit = (node: AnyStateMachine['root']) => {
    for (const [type, defs] of node.transitions) defs.forEach((_, i) => ids.add(`${node.id}|${type}|${i}`));
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return ids;
}

/** The transition definitions a path's steps take, as "source|event|branch". */
export function takenTransitions(machine: AnyStateMachine, steps: Array<{ state: AnyMachineSnapshot; event: EventObject }>): string[] {
  return steps.slice(1).flatMap((step, i) =>
    machine.getTransitionData(steps[i].state as never, step.event).map((def) => {
      const branch = def.source.transitions.get(def.eventType)!.indexOf(def);
      return `${def.source.id}|${def.eventType}|${branch}`;
    }),
  );
}
