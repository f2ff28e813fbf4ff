/** What the atlas shows of the registry: grouped entries, diagrams, coverage figures (generated and recorded walks). */
import { featureOf, machineRegistry, purposeOf, type RegisteredMachine } from '../../../machines/registry';
import { chartToDiagram, type Diagram } from '../../atlas/chart-to-diagram';
import { coverage, coverageOfRecorded, figures, modelPaths, type CoverageFigures, type RecordedStep } from '../../atlas/coverage';

export interface AtlasEntry {
  entry: RegisteredMachine;
  id: string;
  purpose: string;
  feature: string;
  diagram: Diagram;
}

export const atlasEntries: AtlasEntry[] = machineRegistry.map((entry) => ({
  entry,
  id: entry.id,
  purpose: purposeOf(entry),
  feature: featureOf(entry),
  diagram: chartToDiagram(entry.machine),
}));

/** Entries grouped by feature, features in the order they first appear in the registry. */
export function byFeature(entries: AtlasEntry[] = atlasEntries): Array<{ feature: string; entries: AtlasEntry[] }> {
  const groups = new Map<string, AtlasEntry[]>();
  for (const e of entries) groups.set(e.feature, [...(groups.get(e.feature) ?? []), e]);
  return [...groups].map(([feature, list]) => ({ feature, entries: list }));
}

export function generatedCoverage(e: AtlasEntry): CoverageFigures {
  const { all } = modelPaths(e.entry.machine, { input: e.entry.input, events: e.entry.events });
  return figures(e.entry.machine, coverage(e.entry.machine, all));
}

interface WalkFile {
  machineId: string;
  testFile: string;
  paths: Array<{ description: string; steps: RecordedStep[] }>;
}

// Walk recordings present when the app was built (tests/features/model-walk.ts writes `<machineId>.<test file>.json`);
// none in a clean build. Each is a chunk of its own, loaded when its chart is shown, so the atlas's first load is the
// same size whether or not the build has recordings (its route budget holds either way).
const recorded = import.meta.glob<WalkFile>('../../../.test-results/machine-walks/*.json', { import: 'default' });

/** The coverage of a chart's recorded walks, loading only its own recordings; null when this build has none. */
export async function walkCoverage(e: AtlasEntry): Promise<(CoverageFigures & { files: string[] }) | null> {
  const loads = Object.entries(recorded).filter(([file]) => (file.split('/').pop() ?? '').startsWith(`${e.id}.`));
  const mine = (await Promise.all(loads.map(([, load]) => load()))).filter((w) => w.machineId === e.id);
  if (!mine.length) return null;
  return { ...figures(e.entry.machine, coverageOfRecorded(e.entry.machine, mine.flatMap((w) => w.paths.map((p) => p.steps)))), files: mine.map((w) => w.testFile) };
}
