// @vitest-environment node
/**
 * The atlas's exported definitions: the `createMachine({...})` code analysts paste into the Stately editor
 * and the XState visualizer, and the JSON. For every registered machine the code, transpiled as TypeScript and run
 * with the real xstate, builds a machine with the same states, transitions, guards, actions and actors as the one the
 * portal runs; inline assigns and params read as names, never `xstate.assign` or `"params": "params"`.
 */
import ts from 'typescript';
import * as xstate from 'xstate';
import { assign, createMachine, setup, type AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineRegistry, purposeOf } from '../../machines/registry';
import { chartToDiagram } from '../../src/atlas/chart-to-diagram';
import { jsLiteral, machineCode, machineDefinition, machineDefinitionJson, paramsDescription } from '../../src/atlas/definition';

/** Transpiles the exported code as a TypeScript module and runs it with the real xstate: its `machine` export. */
function evaluate(code: string): AnyStateMachine {
  const { outputText, diagnostics } = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    reportDiagnostics: true,
  });
  expect(diagnostics ?? []).toEqual([]);
  const module = { exports: {} as { machine?: AnyStateMachine } };
  const require = (name: string) => {
    if (name !== 'xstate') throw new Error(`the exported code imports ${name}`);
    return xstate;
  };
  new Function('require', 'module', 'exports', outputText)(require, module, module.exports);
  expect(module.exports.machine).toBeDefined();
  return module.exports.machine!;
}

describe('the exported code of every registered machine', () => {
  it.each(machineRegistry.map((e) => [e.id, e] as const))('%s: evaluates to the same chart the portal runs', (_id, entry) => {
    const code = machineCode(entry.machine, purposeOf(entry));
    expect(code.startsWith("import { createMachine } from 'xstate';\n")).toBe(true);
    expect(code).toMatch(/^export const machine = createMachine\(\{$/m);
    const rebuilt = evaluate(code);
    expect(rebuilt.id).toBe(entry.machine.id);
    // States (ids, kinds, initial, history, entry/exit, invokes) and transitions (source, event, targets, guard,
    // actions, reenter) — the whole diagram the atlas draws.
    expect(chartToDiagram(rebuilt)).toEqual(chartToDiagram(entry.machine));
    // The JSON builds the same machine too.
    expect(chartToDiagram(createMachine(JSON.parse(machineDefinitionJson(entry.machine))))).toEqual(chartToDiagram(entry.machine));
  });

  it('name inline assigns by what they assign and params by where they come from', () => {
    for (const entry of machineRegistry) {
      const json = machineDefinitionJson(entry.machine);
      const code = machineCode(entry.machine);
      for (const text of [json, code]) {
        expect(text, entry.id).not.toContain('xstate.assign');
        expect(text, entry.id).not.toMatch(/params['"]?: ['"]params['"]/);
      }
    }
    const submit = machineDefinition(machineRegistry.find((e) => e.id === 'paymentSubmit')!.machine) as any;
    expect(JSON.stringify(submit)).toContain('"assign(result)"');
    expect(JSON.stringify(submit)).toContain('{"type":"goToConfirmation","params":"(from context and event)"}');
  });
});

describe('definition naming', () => {
  const m = setup({
    actions: { store: (_, _n: number) => {} },
    guards: { isBig: (_, _n: number) => true },
  }).createMachine({
    id: 'naming',
    context: { n: 0, m: 0 },
    initial: 'a',
    states: {
      a: {
        on: {
          GO: {
            guard: { type: 'isBig', params: ({ event }) => (event as unknown as { n: number }).n },
            actions: [assign({ n: 1, m: ({ context }) => context.n }), assign(() => ({ n: 2 })), { type: 'store', params: ({ context }) => context.n }],
            target: 'b',
          },
        },
      },
      b: { type: 'final', output: ({ context }) => context.n },
    },
  });

  it('writes assign(keys), assign(…), params descriptions, and leaves output factories out', () => {
    const def = machineDefinition(m) as any;
    expect(def.states.a.on.GO).toEqual({
      guard: { type: 'isBig', params: '(from the event)' },
      actions: ['assign(n, m)', 'assign(…)', { type: 'store', params: '(from context)' }],
      target: 'b',
    });
    expect(def.states.b).toEqual({ type: 'final' });
    expect(chartToDiagram(m).transitions[0].actions).toEqual(['assign(n, m)', 'assign(…)', 'store']);
  });

  it('describes params from the text of the function, minified too', () => {
    expect(paramsDescription(({ event }: { event: unknown }) => event)).toBe('(from the event)');
    expect(paramsDescription(new Function('return ({context:t,event:e})=>e.output+t.n')() as () => unknown)).toBe('(from context and event)');
    expect(paramsDescription(() => 1)).toBe('(computed)');
  });

  it('writes JavaScript literals with bare identifier keys and quoted others', () => {
    expect(jsLiteral({ a: 1, 'payment.submit': "it's", list: ['x', 2, null], empty: {}, on: { GO: { target: 'b' } } })).toBe(
      "{\n  a: 1,\n  'payment.submit': 'it\\'s',\n  list: ['x', 2, null],\n  empty: {},\n  on: {\n    GO: { target: 'b' },\n  },\n}",
    );
  });
});
