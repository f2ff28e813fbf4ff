import { expect } from '@playwright/test';
import { seriousA11yViolations, test } from './support';

/**
 * The accessibility check every journey makes (`expectNoSeriousA11yViolations`, tests/e2e/support.ts) finds a serious
 * violation whichever way it runs: in the page itself when it has no frame, and through every frame when it has one —
 * a check that cannot fail would pass every page.
 */
const doc = (body: string) => `<!doctype html><html lang="en"><head><title>Pay</title></head><body>${body}</body></html>`;

test('the accessibility check finds a button without a name, on a page without frames and inside a frame', async ({ page }, info) => {
  test.skip(info.project.name !== 'phone-375', 'the check, not a viewport: once (in the project with more room in its run)');
  await page.setContent(doc('<main><h1>Pay</h1><button></button></main>'));
  expect(page.frames()).toHaveLength(1);
  expect((await seriousA11yViolations(page)).map((v) => v.split(':')[0])).toContain('button-name');

  await page.setContent(doc('<main><h1>Pay</h1><iframe title="card fields" srcdoc="<button></button>"></iframe></main>'));
  await expect.poll(() => page.frames().length).toBe(2);
  const inFrame = await seriousA11yViolations(page);
  expect(inFrame.map((v) => v.split(':')[0])).toContain('button-name');
  expect(inFrame.join('\n')).toMatch(/iframe/);

  await page.setContent(doc('<main><h1>Pay</h1><button>Pay now</button></main>'));
  expect(await seriousA11yViolations(page)).toEqual([]);
});
