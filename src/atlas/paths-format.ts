/**
 * Generated paths as readable steps for QA (`npm run paths`): state → event → state …, in Markdown, JSON or Gherkin.
 * The paths come from the registry's model events — the same ones the tests walk.
 */
import type { EventObject } from 'xstate';
import { eventLabel } from './chart-to-diagram';

export interface PrintableStep {
  /** The state the step leads to, e.g. `form.editing` or `upload.sending + audit.on` for parallel states. */
  state: string;
  /** The event that led there (`xstate.init` for the start). */
  event: string;
  /** A readable event: `GO`, `done: load`, `after 1000 ms`. */
  label: string;
  /** The event's payload (everything but `type`), when there is one. */
  payload?: Record<string, unknown>;
}

export interface PrintablePath {
  title: string;
  steps: PrintableStep[];
}

/** `{ a: { b: 'c' }, d: 'e' }` → `a.b.c + d.e`; `'idle'` → `idle`. */
export function stateValueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => {
        const inner = stateValueText(v);
        return inner.includes(' + ') ? inner.split(' + ').map((x) => `${k}.${x}`).join(' + ') : inner ? `${k}.${inner}` : k;
      })
      .join(' + ');
  }
  return '';
}

function payloadOf(event: EventObject): Record<string, unknown> | undefined {
  const { type: _type, ...rest } = event as EventObject & Record<string, unknown>;
  return Object.keys(rest).length ? JSON.parse(JSON.stringify(rest, (_k, v) => (typeof v === 'function' ? `[function ${v.name || 'inline'}]` : v))) : undefined;
}

export function toPrintable(paths: Array<{ steps: Array<{ state: unknown; event: EventObject }> }>): PrintablePath[] {
  return paths.map((path, i) => {
    const steps = path.steps.map((step) => {
      const payload = payloadOf(step.event);
      return {
        state: stateValueText((step.state as { value: unknown }).value),
        event: step.event.type,
        label: step.event.type === 'xstate.init' ? 'start' : eventLabel(step.event.type).label,
        ...(payload ? { payload } : {}),
      };
    });
    const end = steps.at(-1)!;
    return { title: `Path ${i + 1}: ${steps.length - 1} step${steps.length === 2 ? '' : 's'} to ${end.state}`, steps };
  });
}

const shortPayload = (p?: Record<string, unknown>) => {
  if (!p) return '';
  const text = JSON.stringify(p);
  return ` ${text.length > 120 ? `${text.slice(0, 117)}…` : text}`;
};

export function formatMarkdown(machineId: string, purpose: string, paths: PrintablePath[]): string {
  const out = [`# ${machineId}`, '', purpose, '', `${paths.length} path${paths.length === 1 ? '' : 's'}.`, ''];
  for (const path of paths) {
    out.push(`## ${path.title}`, '', `1. start in **${path.steps[0].state}**`);
    path.steps.slice(1).forEach((step, i) => out.push(`${i + 2}. \`${step.label}\`${shortPayload(step.payload)} → **${step.state}**`));
    out.push('');
  }
  return out.join('\n');
}

export function formatGherkin(machineId: string, purpose: string, paths: PrintablePath[]): string {
  const out = [`Feature: ${machineId}`, `  ${purpose}`, ''];
  for (const path of paths) {
    out.push(`  Scenario: ${path.title}`, `    Given the ${machineId} workflow starts in "${path.steps[0].state}"`);
    path.steps.slice(1).forEach((step, i) => {
      out.push(`    When "${step.label}" happens${step.payload ? ` with ${shortPayload(step.payload).trim()}` : ''}`);
      out.push(`    Then it is in "${step.state}"`);
    });
    out.push('');
  }
  return out.join('\n');
}

export function formatJson(machineId: string, purpose: string, paths: PrintablePath[]): string {
  return `${JSON.stringify({ machine: machineId, purpose, paths }, null, 2)}\n`;
}
