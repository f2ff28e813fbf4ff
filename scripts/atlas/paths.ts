/**
 * npm run paths -- <machineId> [--shortest|--simple] [--format md|json|gherkin]
 * Prints the generated paths of a registered machine as readable steps, from the registry's model events (the same
 * events and generator the tests use): the shortest paths by default (what the view walks drive), `--simple` for the
 * simple paths (every cycle-free path; the registry test counts both for coverage).
 */
import { machineRegistry, purposeOf } from '../../machines/registry';
import { modelPaths } from '../../src/atlas/coverage';
import { formatGherkin, formatJson, formatMarkdown, toPrintable } from '../../src/atlas/paths-format';

const args = process.argv.slice(2);
const usage = 'usage: npm run paths -- <machineId> [--shortest|--simple] [--format md|json|gherkin]';
const id = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--format');
const formatIndex = args.indexOf('--format');
const format = formatIndex >= 0 ? args[formatIndex + 1] : 'md';
const kind = args.includes('--simple') ? 'simple' : 'shortest';

if (!id || !['md', 'json', 'gherkin'].includes(format ?? '')) {
  console.error(usage);
  console.error(`machines: ${machineRegistry.map((e) => e.id).join(', ')}`);
  process.exit(2);
}
const entry = machineRegistry.find((e) => e.id === id);
if (!entry) {
  console.error(`unknown machine "${id}"; registered: ${machineRegistry.map((e) => e.id).join(', ')}`);
  process.exit(2);
}
const generated = modelPaths(entry.machine, { input: entry.input, events: entry.events });
const paths = toPrintable(kind === 'simple' ? generated.simple : generated.shortest);
const purpose = `${purposeOf(entry)} (${kind} paths)`;
const text = format === 'json' ? formatJson(entry.id, purpose, paths) : format === 'gherkin' ? formatGherkin(entry.id, purpose, paths) : formatMarkdown(entry.id, purpose, paths);
process.stdout.write(text);
