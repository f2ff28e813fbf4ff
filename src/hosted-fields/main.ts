/**
 * The hosted payment fields: served by the payments service from ITS origin (`PAYMENTS_PUBLIC_URL`) and
 * embedded by the portal as an iframe. The numbers are typed here and sent from here to the payments service's
 * tokenizer; the portal only ever receives the one-time key, the brand, the last four and the funding
 * (`./protocol.ts`). The one portal origin allowed to embed and talk to this page is written into the page by the
 * server (`<meta name="pp-parent-origin">`) and is also the page's `frame-ancestors`.
 */
import createClient from 'openapi-fetch';
import { Temporal } from 'temporal-polyfill';
import type { paths as paymentsPaths } from '../../core/api/payments-schema';
import { detectCardBrand, normaliseDigits, CARD_BRAND_NAMES } from '../../core/rules/card-validation';
import { paymentMethodTexts as t } from '../ui/payment-methods/texts';
import { fieldsOf, frameProblems, frameRequest, type FrameField } from './fields';
import { CHANNEL, HOSTED_LAYOUT, parseParentMessage, type FrameMessage, type HostedKind, type HostedTheme } from '../../core/api/hosted-fields-protocol';
import './hosted-fields.css';

const parentOrigin = document.querySelector<HTMLMetaElement>('meta[name="pp-parent-origin"]')?.content ?? '';
const api = createClient<paymentsPaths>({ baseUrl: `${location.origin}/payments-api` });

let kind: HostedKind | null = null;
let provider = '';
let jwt = '';
let busy = false;
let pendingExtra: { name?: string; tin?: string } | null = null;
const touched = new Set<string>();

type Outgoing = FrameMessage extends infer M ? (M extends FrameMessage ? Omit<M, 'channel'> : never) : never;

function post(message: Outgoing) {
  // exact target: nothing is posted when the page is not framed by the portal
  if (window.parent !== window && parentOrigin) window.parent.postMessage({ channel: CHANNEL, ...message }, parentOrigin);
}

const form = document.getElementById('fields') as HTMLFormElement;

// The layout both sides know (HOSTED_LAYOUT): fixed heights, and two columns from its width, so the frame is exactly as
// tall as the portal reserved for it.
{
  const L = HOSTED_LAYOUT;
  const root = document.documentElement.style;
  root.setProperty('--pp-label-h', `${L.labelPx}px`);
  root.setProperty('--pp-input-h', `${L.inputPx}px`);
  root.setProperty('--pp-error-h', `${L.errorPx}px`);
  root.setProperty('--pp-inner-gap', `${L.innerGapPx}px`);
  root.setProperty('--pp-row-gap', `${L.rowGapPx}px`);
  root.setProperty('--pp-padding', `${L.paddingPx}px`);
  const wide = window.matchMedia(`(min-width: ${L.twoColumnsFromPx}px)`);
  const columns = () => form.classList.toggle('two-columns', wide.matches);
  columns();
  wide.addEventListener('change', columns);
}

function applyTheme(theme: HostedTheme | undefined) {
  if (!theme) return;
  const root = document.documentElement.style;
  if (theme.text) root.setProperty('--pp-text', theme.text);
  if (theme.accent) root.setProperty('--pp-accent', theme.accent);
  if (theme.danger) root.setProperty('--pp-danger', theme.danger);
  if (theme.border) root.setProperty('--pp-border', theme.border);
  if (theme.fontSizePx) root.setProperty('--pp-font-size', `${theme.fontSizePx}px`);
}

function render(fields: FrameField[]) {
  form.replaceChildren();
  let row: HTMLDivElement | null = null;
  for (const f of fields) {
    const wrap = document.createElement('div');
    wrap.className = 'field';
    const label = document.createElement('label');
    label.htmlFor = `f-${f.name}`;
    label.textContent = f.label;
    const input = document.createElement('input');
    input.id = `f-${f.name}`;
    input.name = f.name;
    input.type = 'text';
    input.maxLength = f.maxLength;
    input.autocomplete = (f.autoComplete ?? 'off') as AutoFill;
    if (f.inputMode) input.inputMode = f.inputMode;
    if (f.placeholder) input.placeholder = f.placeholder;
    input.spellcheck = false;
    input.setAttribute('aria-describedby', `e-${f.name}`);
    const error = document.createElement('p');
    error.id = `e-${f.name}`;
    error.className = 'error';
    // read out when it appears, without moving the focus
    error.setAttribute('aria-live', 'polite');
    input.addEventListener('blur', () => {
      touched.add(f.name);
      showProblems();
    });
    input.addEventListener('input', () => {
      if (touched.has(f.name)) showProblems();
      if (f.name === 'ccNumber') showBrand(input.value);
    });
    wrap.append(label, input, error);
    if (f.half) {
      if (!row) {
        row = document.createElement('div');
        row.className = 'row';
        form.append(row);
      }
      row.append(wrap);
      if (row.childElementCount === 2) row = null;
    } else {
      row = null;
      form.append(wrap);
    }
  }
  // Enter in any field submits on the portal's side (its button, its modal)
  const hidden = document.createElement('button');
  hidden.type = 'submit';
  hidden.hidden = true;
  hidden.tabIndex = -1;
  form.append(hidden);
}

function showBrand(number: string) {
  const label = document.querySelector<HTMLLabelElement>('label[for="f-ccNumber"]');
  if (!label) return;
  const brand = detectCardBrand(normaliseDigits(number) ?? '');
  label.textContent = brand ? `${t.ccNumber} (${CARD_BRAND_NAMES[brand]})` : t.ccNumber;
}

function values(): Record<string, string> {
  return Object.fromEntries(Array.from(form.querySelectorAll('input')).map((i) => [i.name, i.value]));
}

function showProblems(all = false): Record<string, string> {
  if (!kind) return {};
  const problems = frameProblems(kind, values(), Temporal.Now.plainDateISO());
  for (const input of Array.from(form.querySelectorAll('input'))) {
    const message = (all || touched.has(input.name)) ? problems[input.name] : undefined;
    const error = document.getElementById(`e-${input.name}`)!;
    error.textContent = message ?? '';
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
  return problems;
}

function setBusy(value: boolean) {
  busy = value;
  for (const input of Array.from(form.querySelectorAll('input'))) input.readOnly = value;
  form.setAttribute('aria-busy', String(value));
}

/** Shows every field's problem; answers the names of the fields with one (the first focused), posting `invalid`. */
function refuseIfInvalid(): boolean {
  for (const input of Array.from(form.querySelectorAll('input'))) touched.add(input.name);
  const bad = Object.keys(showProblems(true));
  if (bad.length === 0) return false;
  form.querySelector<HTMLInputElement>(`#f-${bad[0]}`)?.focus();
  post({ type: 'invalid', fields: bad });
  return true;
}

/**
 * The portal's submit: are the fields complete, and what card is it? The funding comes from the payments service by
 * the card's BIN (its first 8 digits, from this origin); unknown when the lookup fails (the portal then states the fee).
 */
async function check() {
  if (!kind || busy || refuseIfInvalid()) return;
  if (kind === 'ACH') {
    post({ type: 'checked', brand: null, funding: null });
    return;
  }
  const digits = normaliseDigits(values().ccNumber) ?? '';
  let funding: 'credit' | 'debit' | 'prepaid' | null = null;
  try {
    const result = await api.GET('/card-bins/{bin}', {
      params: { path: { bin: digits.slice(0, 8) }, query: { provider: provider as 'plastiq-cc' | 'priority-cc' } },
      headers: { Authorization: `Bearer ${jwt}` },
    });
    funding = result.data?.funding ?? null;
  } catch {
    funding = null;
  }
  post({ type: 'checked', brand: detectCardBrand(digits), funding });
}

async function tokenize(extra: { name?: string; tin?: string }) {
  if (!kind || busy || refuseIfInvalid()) return;
  const v = values();
  const body = frameRequest(kind, provider, v, extra);
  setBusy(true);
  try {
    const result = await api.POST('/tokenizer', { body, headers: { Authorization: `Bearer ${jwt}` } });
    if (result.response.status === 401) {
      pendingExtra = extra;
      post({ type: 'unauthorized' });
      return;
    }
    if (result.data) {
      const digits = normaliseDigits(kind === 'CC' ? v.ccNumber : v.checkingAccountNumber) ?? '';
      const brand = kind === 'CC' ? detectCardBrand(digits) : null;
      const funding = (result.data as { funding?: 'credit' | 'debit' | 'prepaid' }).funding ?? null;
      post({ type: 'tokenized', key: result.data.key, brand, lastFour: digits.slice(-4), funding: kind === 'CC' ? funding : null });
      return;
    }
    const error = (result.error as { errors?: Array<{ code?: string; message?: string }> } | undefined)?.errors?.[0];
    post({ type: 'refused', status: result.response.status, code: String(error?.code ?? 'unknown').slice(0, 80), message: String(error?.message ?? '').slice(0, 500) });
  } catch {
    post({ type: 'failed' });
  } finally {
    setBusy(false);
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  post({ type: 'submit' });
});
// The portal's iframe is sandboxed without `allow-forms`, which blocks the form's implicit submission: Enter in a field
// is turned into the portal's submit here.
form.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter' || event.isComposing || !(event.target instanceof HTMLInputElement)) return;
  event.preventDefault();
  post({ type: 'submit' });
});

window.addEventListener('message', (event) => {
  // only the portal that embeds this page, and only its window
  if (event.origin !== parentOrigin || event.source !== window.parent) return;
  const message = parseParentMessage(event.data);
  if (!message) return;
  if (message.type === 'init') {
    if (kind) return; // once: a second init cannot swap the form under the customer
    kind = message.kind;
    provider = message.provider;
    jwt = message.jwt;
    applyTheme(message.theme);
    document.documentElement.lang = 'en';
    form.setAttribute('aria-label', kind === 'CC' ? t.tabCard : t.tabBank);
    render(fieldsOf(kind));
  } else if (message.type === 'jwt') {
    jwt = message.jwt;
    if (pendingExtra) {
      const extra = pendingExtra;
      pendingExtra = null;
      void tokenize(extra);
    }
  } else if (message.type === 'check') {
    void check();
  } else if (message.type === 'tokenize') {
    void tokenize(message.extra);
  }
});

// The fields' own height (not the viewport's, which is at least what the portal reserved), once they are rendered: an
// empty form before `init` would shrink the reserved space for a moment.
new ResizeObserver(() => {
  if (kind) post({ type: 'resize', height: Math.ceil(document.body.getBoundingClientRect().height) });
}).observe(document.body);
post({ type: 'ready' });
