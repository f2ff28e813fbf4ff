/**
 * npm run coverage:machines [-- --json]
 * Per registered machine: states and transitions covered by the generated paths (shortest, the registry
 * test requires 100 %) and by the model walks that drove real views. Walks record what they drove into
 * .test-results/machine-walks/*.json (tests/features/model-walk.ts `runWalk`); run the view tests first
 * (`npx vitest run tests/features`) to refresh them. Exits 1 when a machine's generated coverage is below 100 %.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineRegistry } from '../../machines/registry';
import { coverage, coverageOfRecorded, figures, modelPaths, percent, type CoverageFigures, type RecordedStep } from '../../src/atlas/coverage';

const root = fileURLToPath(new URL('../..', import.meta.url));
const walksDir = path.join(root, '.test-results/machine-walks');

interface WalkFile {
  machineId: string;
  testFile: string;
  paths: Array<{ description: string; steps: RecordedStep[] }>;
}

const walkFiles: WalkFile[] = existsSync(walksDir)
  ? readdirSync(walksDir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(path.join(walksDir, f), 'utf8')) as WalkFile)
  : [];

interface Row {
  id: string;
  generated: CoverageFigures;
  walks: (CoverageFigures & { files: string[]; paths: number }) | null;
}

const rows: Row[] = machineRegistry.map((entry) => {
  const { all } = modelPaths(entry.machine, { input: entry.input, events: entry.events });
  const generated = figures(entry.machine, coverage(entry.machine, all));
  const mine = walkFiles.filter((w) => w.machineId === entry.id);
  const walks = mine.length
    ? { ...figures(entry.machine, coverageOfRecorded(entry.machine, mine.flatMap((w) => w.paths.map((p) => p.steps)))), files: mine.map((w) => w.testFile), paths: mine.reduce((n, w) => n + w.paths.length, 0) }
    : null;
  return { id: entry.id, generated, walks };
});

if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
} else {
  const cell = (f: { covered: number; total: number }) => `${f.covered}/${f.total} ${percent(f)}%`.padEnd(15);
  const width = Math.max(...rows.map((r) => r.id.length), 7) + 2;
  console.log(`${'machine'.padEnd(width)}${'paths: states'.padEnd(15)}${'transitions'.padEnd(15)}${'walks: states'.padEnd(15)}${'transitions'.padEnd(15)}walked by`);
  for (const r of rows) {
    const walks = r.walks ? `${cell(r.walks.states)}${cell(r.walks.transitions)}${r.walks.files.join(', ')} (${r.walks.paths} paths)` : `${'—'.padEnd(15)}${'—'.padEnd(15)}no view walk recorded`;
    console.log(`${r.id.padEnd(width)}${cell(r.generated.states)}${cell(r.generated.transitions)}${walks}`);
  }
  const missed = rows.flatMap((r) => r.walks ? [...r.walks.uncoveredStates.map((s) => `${r.id}: state ${s}`), ...r.walks.uncoveredTransitions.map((t) => `${r.id}: ${t}`)] : []);
  if (missed.length) {
    console.log('\nNot driven by a view walk:');
    for (const m of missed) console.log(`  ${m}`);
  }
  if (!walkFiles.length) console.log('\n(no walk recordings under .test-results/machine-walks — run `npx vitest run tests/features` first)');
}
const below = rows.filter((r) => percent(r.generated.states) < 100 || percent(r.generated.transitions) < 100);
if (below.length) {
  console.error(`\ngenerated paths cover less than 100 % of: ${below.map((r) => r.id).join(', ')}`);
  process.exit(1);
}
