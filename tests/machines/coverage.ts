/** The coverage helpers moved to src/atlas/coverage.ts (the atlas and `npm run coverage:machines` use them too). */
export * from '../../src/atlas/coverage';
