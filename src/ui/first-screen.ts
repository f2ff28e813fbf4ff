/**
 * The first screen painted from the HTML. For a token page the server can render the page's first screen
 * into the HTML it sends (server/http/first-screen.ts, from the same React components as the app: src/first-screen.tsx),
 * as `<div id="pp-first-screen">` just before `#root`. It paints with the stylesheet, before any JavaScript runs; the
 * app meanwhile renders into `#root`, laid out under it but unseen (`index.css`: `#pp-first-screen + #root`).
 *
 * The page releases it once its own render shows the same thing (`useReleaseFirstScreen(ready)`, or for a page the
 * server rendered through the app itself, `releaseFirstScreenWhenSettled`): removing the
 * element is one change in one frame — the app's identical screen takes its place, nothing moves. It is also released
 * when the app leaves that path (a redirect, another page), when a page fails, and at the latest after
 * FIRST_SCREEN_MAX_MS, so a slow or broken start never leaves a screen that does not answer.
 *
 * Before the app runs, the screen's links are plain links (a tap loads that page); a link that has the focus when the
 * screen is released hands it to the app's link to the same place.
 */
import { useLayoutEffect } from 'react';

export const FIRST_SCREEN_ID = 'pp-first-screen';
/** The latest moment (from the app's start) the first screen gives way to whatever the app shows. */
export const FIRST_SCREEN_MAX_MS = 8000;
/** On `<html>` from the moment the app has taken the painted screen over as its root until it has hydrated it. */
export const HYDRATING_ATTRIBUTE = 'data-pp-hydrating';

function element(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ID);
}

/** The path the first screen was rendered for, while it is shown. */
export function firstScreenPath(): string | null {
  return element()?.dataset.path ?? null;
}

/** The element at `path` (child indices) under `root`, or null. */
function elementAt(root: Element, path: readonly number[]): Element | null {
  let node: Element | null = root;
  for (const index of path) node = node?.children[index] ?? null;
  return node;
}

/**
 * Taps made on the painted screen before the app took its place (kept by public/static/after-first-paint.js as child
 * index paths below the width variant): made again on the app's element at the same place under #root — the same
 * markup, so the same place is the same control.
 */
function replayTaps(): void {
  const w = window as unknown as { __ppFirstScreenTaps?: number[][] };
  const taps = w.__ppFirstScreenTaps ?? [];
  w.__ppFirstScreenTaps = [];
  const root = document.getElementById('root');
  if (!root || taps.length === 0) return;
  setTimeout(() => {
    for (const path of taps) {
      const target = elementAt(root, path);
      if (target instanceof HTMLElement) target.click();
    }
  }, 0);
}

/** Where `node` is in its width variant (the screen's child): child indices, as the taps are kept. */
function pathInVariant(screen: Element, node: Element): number[] {
  const path: number[] = [];
  let at: Element = node;
  while (at.parentElement && at.parentElement !== screen) {
    path.unshift(Array.prototype.indexOf.call(at.parentElement.children, at) as number);
    if (at.parentElement.parentElement === screen) break;
    at = at.parentElement;
  }
  return path;
}

export interface TypedText {
  path: number[];
  value: string;
  focused: boolean;
}

/**
 * Text typed into the painted screen's fields before the app took its place (a field the browser lets one type into
 * even before any script runs): each field whose value is no longer the one it was painted with, by where it is.
 */
function typedTexts(screen: Element): TypedText[] {
  const typed: TypedText[] = [];
  for (const field of screen.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio' || field.type === 'hidden')) continue;
    if (field.value === field.defaultValue) continue;
    typed.push({ path: pathInVariant(screen, field), value: field.value, focused: document.activeElement === field });
  }
  return typed;
}

/**
 * The typed texts, typed into the app's field at the same place: set as the browser would (the native setter, then an
 * `input` event, which React takes as the user's change), the focus and caret where they were.
 */
function replayTyped(typed: readonly TypedText[]): void {
  const root = document.getElementById('root');
  if (!root) return;
  for (const { path, value, focused } of typed) {
    const field = elementAt(root, path);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    if (!setter) continue;
    setter.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (focused) {
      field.focus();
      try {
        field.setSelectionRange(value.length, value.length);
      } catch {
        /* a field without a caret (type=number) */
      }
    }
  }
}

/**
 * Removes the first screen (if any), handing the focus to the app's link to the same place; with `replay` (the app's
 * screen is the painted one) the taps made on it meanwhile are made again on the app's, and what was typed into its
 * fields is typed into the app's.
 */
export function releaseFirstScreen({ replay = false }: { replay?: boolean } = {}): void {
  const screen = element();
  if (!screen) return;
  const focused = document.activeElement;
  const href = focused instanceof HTMLAnchorElement && screen.contains(focused) ? focused.getAttribute('href') : null;
  const settled = screen.dataset.release === 'settled';
  const typed = settled && replay ? typedTexts(screen) : [];
  screen.remove();
  if (typed.length > 0) replayTyped(typed);
  if (settled && replay) replayTaps();
  if (href) {
    const target = [...document.querySelectorAll<HTMLAnchorElement>('#root a[href]')].find((a) => a.getAttribute('href') === href);
    target?.focus();
  }
}

/**
 * A first screen the app rendered on the server becomes the app's root, to be hydrated (src/main.tsx): the variant of
 * this window's width class (`viewport`, a name of its `data-viewport`) takes the place of the first screen and of the
 * empty `#root`, as `#root` — the same nodes, painted where they are; the other variants go. What was typed into its
 * fields meanwhile is taken back out (the hydrated app types it again, `finishTakeOver`, so its state has it). Null,
 * with nothing changed, when there is no such screen for this path or no variant for the width.
 */
export function takeOverFirstScreen(viewport: string): { root: HTMLElement; typed: TypedText[] } | null {
  const screen = element();
  const root = document.getElementById('root');
  if (!screen || !root || screen.dataset.release !== 'settled' || screen.dataset.path !== window.location.pathname) return null;
  const variant = [...screen.children].find((child) => (child.getAttribute('data-viewport') ?? '').split(' ').includes(viewport));
  if (!(variant instanceof HTMLElement)) return null;
  const typed = typedTexts(screen);
  for (const field of variant.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) field.value = field.defaultValue;
  root.remove();
  screen.replaceWith(variant);
  // Each variant holds the same radio groups under the same names: as the page was parsed, checking a radio in a later
  // variant unchecked its twin in this one (one checked radio per name in a document). Alone now, each box takes the
  // state its markup says (what was tapped meanwhile is tapped again after hydration).
  for (const box of variant.querySelectorAll<HTMLInputElement>('input[type="radio"], input[type="checkbox"]')) box.checked = box.defaultChecked;
  variant.id = 'root';
  document.documentElement.setAttribute(HYDRATING_ATTRIBUTE, '');
  return { root: variant, typed };
}

/** Once the app has hydrated what `takeOverFirstScreen` gave it: what was typed and tapped meanwhile, again. */
export function finishTakeOver(typed: readonly TypedText[]): void {
  document.documentElement.removeAttribute(HYDRATING_ATTRIBUTE);
  if (typed.length > 0) replayTyped(typed);
  replayTaps();
}

/** Releases the first screen once `ready`: the page's own render now shows what it showed. */
export function useReleaseFirstScreen(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) releaseFirstScreen();
  }, [ready]);
}

/**
 * What makes a screen settled: its page shown (`data-settled`, src/ui/reserved.tsx: not waiting on the parts above
 * it) and none of these attributes with these values — a skeleton, a spinner, a busy region. The one rule for the
 * app's screen here and for the server's markup (src/server-render/render-page.tsx).
 */
export const SETTLING_MARKS = {
  shown: 'data-settled',
  loading: [['data-skeleton', ''], ['data-loading', ''], ['aria-busy', 'true']] as const,
};

/**
 * On `<html>` while the app is still taking changes it has been told of but not yet rendered (the browser build's
 * `useSelector`, src/app/xstate-react-client.ts, renders them in a transition while a first screen is shown): the app's
 * screen is not the page yet, however settled it looks.
 */
export const APP_UPDATING_ATTRIBUTE = 'data-pp-updating';

/** The app's screen under `root` is settled (SETTLING_MARKS), and no change is still on its way to it. */
export function appScreenSettled(root: ParentNode): boolean {
  const loading = SETTLING_MARKS.loading.map(([name, value]) => (value ? `[${name}="${value}"]` : `[${name}]`)).join(', ');
  const updating = typeof document !== 'undefined' && document.documentElement.hasAttribute(APP_UPDATING_ATTRIBUTE);
  return !updating && !!root.querySelector(`[${SETTLING_MARKS.shown}]`) && !root.querySelector(loading);
}

/**
 * A first screen the app rendered on the server (`data-release="settled"`, src/server-render/render-page.tsx) is the
 * page once its answers are in; the app in the browser has the same answers inline, so it reaches the same screen. It
 * is released at the first moment the app's own screen under `root` is settled — checked after every change the app
 * makes to it, before that change is painted.
 */
export function releaseFirstScreenWhenSettled(root: HTMLElement): void {
  const screen = element();
  if (!screen || screen.dataset.release !== 'settled' || typeof MutationObserver === 'undefined') return;
  const observer = new MutationObserver(() => {
    if (!element()) observer.disconnect();
    else if (appScreenSettled(root)) {
      observer.disconnect();
      releaseFirstScreen({ replay: true });
    }
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: [SETTLING_MARKS.shown, ...SETTLING_MARKS.loading.map(([name]) => name)] });
  // the last change taken may alter nothing under root: its end is a change too
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [APP_UPDATING_ATTRIBUTE] });
}

/** Starts the latest-release timer (src/main.tsx). */
export function releaseFirstScreenLater(ms = FIRST_SCREEN_MAX_MS): void {
  if (element()) setTimeout(releaseFirstScreen, ms);
}
