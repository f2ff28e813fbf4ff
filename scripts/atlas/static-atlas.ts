/**
 * npm run atlas -- --out <dir>
 * Writes the workflow atlas as static files for reviewers without the portal: index.html (every registered machine
 * grouped by feature with its purpose, coverage figures, states/transitions tables), one SVG per machine (the same
 * ELK layout and renderer as /atlas) and its definition for the Stately editor / XState visualizer, as
 * `createMachine({...})` code (`<id>.machine.ts`) and as JSON (`<id>.machine.json`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ELK from 'elkjs/lib/elk.bundled.js';
import { featureOf, machineRegistry, purposeOf } from '../../machines/registry';
import { chartToDiagram, type Diagram } from '../../src/atlas/chart-to-diagram';
import { coverage, figures, modelPaths, percent, type CoverageFigures } from '../../src/atlas/coverage';
import { machineCode, machineDefinitionJson } from '../../src/atlas/definition';
import { layoutDiagram } from '../../src/atlas/layout';
import { escapeXml, renderSvg } from '../../src/atlas/render-svg';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const out = outIndex >= 0 ? args[outIndex + 1] : undefined;
if (!out) {
  console.error('usage: npm run atlas -- --out <dir>');
  process.exit(2);
}
const dir = path.resolve(out);
mkdirSync(dir, { recursive: true });

const elk = new ELK();
const esc = escapeXml;
const figure = (f: CoverageFigures) => `states ${f.states.covered}/${f.states.total} (${percent(f.states)} %) · transitions ${f.transitions.covered}/${f.transitions.total} (${percent(f.transitions)} %)`;

/** Escaped, with a line-break opportunity after each dot (names wrap there, never inside a word). */
const name = (text: string) => esc(text).replace(/\./g, '.<wbr>');

function tables(d: Diagram): string {
  const rel = (id: string) => name(id === d.root ? id : id.slice(d.root.length + 1));
  const states = d.states.map((s) => `<tr><td><code>${rel(s.id)}</code></td><td>${s.kind}${s.history ? ` (${s.history})` : ''}${s.initial ? ', initial' : ''}</td><td><code>${name([...s.entry.map((a) => `entry ${a}`), ...s.exit.map((a) => `exit ${a}`)].join(', '))}</code></td><td><code>${name(s.invokes.map((i) => i.src).join(', '))}</code></td></tr>`).join('');
  const transitions = d.transitions.map((t) => `<tr><td><code>${rel(t.source)}</code></td><td><code>${name(t.eventLabel)}</code></td><td><code>${name(t.guard ?? '')}</code></td><td><code>${t.targets.length ? t.targets.map(rel).join(', ') : '(stays)'}</code></td></tr>`).join('');
  const list = (items: string[]) => (items.length ? items.map((i) => `<code>${esc(i)}</code>`).join(', ') : 'none');
  return `<details><summary>States, transitions, events, guards, actors</summary>
<table><thead><tr><th>State</th><th>Kind</th><th>Entry / exit</th><th>Invokes</th></tr></thead><tbody>${states}</tbody></table>
<table><thead><tr><th>From</th><th>Event</th><th>Guard</th><th>To</th></tr></thead><tbody>${transitions}</tbody></table>
<p>Events: ${list(d.events)}</p><p>Guards: ${list(d.guards)}</p><p>Actors: ${list(d.actors.map((a) => `${a.src} in ${a.state}`))}</p><p>Delays: ${list(d.delays.map(String))}</p></details>`;
}

const groups = new Map<string, string[]>();
for (const entry of machineRegistry) {
  const diagram = chartToDiagram(entry.machine);
  const layout = await layoutDiagram(diagram, elk);
  writeFileSync(path.join(dir, `${entry.id}.svg`), renderSvg(diagram, layout, { intrinsicSize: true }));
  writeFileSync(path.join(dir, `${entry.id}.machine.ts`), machineCode(entry.machine, purposeOf(entry)));
  writeFileSync(path.join(dir, `${entry.id}.machine.json`), machineDefinitionJson(entry.machine));
  const { all } = modelPaths(entry.machine, { input: entry.input, events: entry.events });
  const cov = figures(entry.machine, coverage(entry.machine, all));
  const section = `<section id="${esc(entry.id)}"><h3><code>${esc(entry.id)}</code></h3><p>${esc(purposeOf(entry))}</p>
<p class="meta">Generated paths: ${figure(cov)} · <a href="${esc(entry.id)}.svg">SVG</a> · <a href="${esc(entry.id)}.machine.ts" download>code (createMachine, for the Stately editor / XState visualizer)</a> · <a href="${esc(entry.id)}.machine.json" download>definition (JSON)</a></p>
<p><img src="${esc(entry.id)}.svg" alt="Statechart of ${esc(entry.id)}" width="${layout.width}" height="${layout.height}" loading="lazy"></p>
${tables(diagram)}</section>`;
  const feature = featureOf(entry);
  groups.set(feature, [...(groups.get(feature) ?? []), section]);
  console.log(`${entry.id}.svg  ${diagram.states.length} states, ${diagram.transitions.length} transitions`);
}

const nav = [...groups.keys()].map((f) => `<li><a href="#${esc(f.replace(/\W+/g, '-'))}">${esc(f)}</a></li>`).join('');
const body = [...groups].map(([f, sections]) => `<h2 id="${esc(f.replace(/\W+/g, '-'))}">${esc(f)}</h2>${sections.join('\n')}`).join('\n');
writeFileSync(
  path.join(dir, 'index.html'),
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Workflow atlas · PerformancePay</title>
<style>body{font-family:system-ui,sans-serif;max-width:1200px;margin:0 auto;padding:1rem;color:#1b2430}img{max-width:100%;height:auto;border:1px solid #d5dbe3;border-radius:8px}
table{border-collapse:collapse;margin:.5rem 0;font-size:.875rem}th,td{border-bottom:1px solid #d5dbe3;padding:.25rem .5rem;text-align:left;vertical-align:top;overflow-wrap:normal;word-break:keep-all}.meta{font-size:.875rem;color:#4f5a69}section{margin-bottom:2.5rem}</style></head>
<body><h1>Workflow atlas</h1><p>Every workflow of the PerformancePay portal as a statechart, generated from its XState machines (${machineRegistry.length} machines).</p>
<nav aria-label="Features"><ul>${nav}</ul></nav>
<main>${body}</main></body></html>
`,
);
console.log(`\nwrote ${machineRegistry.length} SVGs, definitions (.machine.ts code and .machine.json) and ${path.join(dir, 'index.html')}`);
