// @vitest-environment jsdom
// (jsdom, not happy-dom as most views' files: the test is about the document's own radio-group rule, which jsdom keeps.)
/**
 * A hydrated page takes over the painted variant of its width class (src/ui/first-screen.ts `takeOverFirstScreen`).
 * The variants carry the same radio groups under the same names, so parsing the page left a variant's radio unchecked
 * where a later variant's twin was checked (the statement's delivery day showed no day on the desktop). Taken over,
 * each box shows what its markup says.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { takeOverFirstScreen } from '../../../src/ui/first-screen';

const variant = (viewport: string) => `<div data-viewport="${viewport}"><h1>Statement</h1>
  <input type="radio" name="day" value="mon" checked><input type="radio" name="day" value="tue">
  <input type="checkbox" name="empty" checked><input type="text" value="typed later"></div>`;

afterEach(() => { document.body.innerHTML = ''; document.documentElement.removeAttribute('data-pp-hydrating'); });

describe('taking over the painted first screen', () => {
  it('each radio and checkbox of the kept variant is as its markup says, whatever a later variant did to it', () => {
    document.body.innerHTML = `<div id="pp-first-screen" data-release="settled" data-path="${window.location.pathname}">${variant('wide')}${variant('narrow phone')}</div><div id="root"></div>`;
    const wide = document.querySelector<HTMLElement>('[data-viewport="wide"]')!;
    // as a browser parses the page: the later variant's checked twin takes the name's one checked radio
    document.querySelector<HTMLInputElement>('[data-viewport="narrow phone"] input[value="mon"]')!.checked = true;
    expect(wide.querySelector<HTMLInputElement>('input[value="mon"]')!.checked).toBe(false);
    const taken = takeOverFirstScreen('wide');
    expect(taken?.root).toBe(wide);
    expect(document.getElementById('root')).toBe(wide);
    expect(wide.querySelector<HTMLInputElement>('input[value="mon"]')!.checked).toBe(true);
    expect(wide.querySelector<HTMLInputElement>('input[value="tue"]')!.checked).toBe(false);
    expect(wide.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked).toBe(true);
    expect(document.querySelectorAll('[data-viewport]')).toHaveLength(1);
  });
});
