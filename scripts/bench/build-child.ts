/**
 * A build in a process of its own (scripts/bench/bundle-size.ts `buildPortal`, `buildBaseline`): `node --import tsx
 * scripts/bench/build-child.ts portal|baseline <outDir> <record.json>` builds with NODE_ENV=production, as
 * `npm run build`, and writes the chunks it made to the record.
 */
import { writeFileSync } from 'node:fs';
import { buildBaselineHere, buildPortalHere } from './bundle-size.ts';

const [which, outDir, record] = process.argv.slice(2);
if ((which !== 'portal' && which !== 'baseline') || !outDir || !record) {
  console.error('usage: build-child.ts portal|baseline <outDir> <record.json>');
  process.exit(2);
}
if (process.env.NODE_ENV !== 'production') {
  console.error('build-child.ts builds as npm run build does: run it with NODE_ENV=production');
  process.exit(2);
}
const built = await (which === 'portal' ? buildPortalHere : buildBaselineHere)(outDir);
writeFileSync(record, JSON.stringify([...built.chunks.values()]));
// done: a handle a plugin left open must not keep the caller waiting
process.exit(0);
