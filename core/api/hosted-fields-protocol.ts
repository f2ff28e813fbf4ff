/**
 * The hosted payment fields' message protocol: the portal page and the payments service's frame talk only
 * through `postMessage`, each with the other's EXACT origin as target and each checking `event.origin` and
 * `event.source` of what it receives. The card number, CVC and account number live only in the frame; the portal gets
 * the one-time key the payments service answered (what `createPaymentMethod` takes as `paymentMethodKey`) and what it
 * may show: brand, last four, funding.
 *
 * Every message carries `channel: 'pp-hosted-fields'` and a `type`; the parsers below accept exactly the shapes listed
 * and answer null for anything else, so a message of another library (or of an attacker's frame) is ignored.
 *
 *   portal → frame   init      { kind, provider, jwt, theme? }   first message, after the frame said `ready`
 *                    check                                       the portal's submit: are the fields complete? (nothing sent)
 *                    tokenize  { extra }                         after the customer confirmed (nickname, TIN: not secret)
 *                    jwt       { jwt }                           a fresh token after the frame said `unauthorized`
 *   frame → portal   ready                                       the frame listens (sent once on load)
 *                    resize    { height }                        the form's height in CSS pixels
 *                    submit                                      Enter pressed inside the frame
 *                    invalid   { fields }                        the frame shows its field errors, nothing sent
 *                    checked   { brand, funding }                the fields are complete (funding by the card's BIN)
 *                    tokenized { key, brand, lastFour, funding }
 *                    refused   { status, code, message }         the payments service refused (402/422/429)
 *                    unauthorized                                the JWT expired: send `jwt`, then `tokenize` again
 *                    failed                                      the payments service could not be reached
 */
export const CHANNEL = 'pp-hosted-fields';

export type HostedKind = 'CC' | 'ACH';
export type CardFunding = 'credit' | 'debit' | 'prepaid';

/** Styles the portal passes so the frame looks like the rest of its form (CSS custom properties, checked values). */
export interface HostedTheme {
  /** text colour, e.g. #1f2933 */
  text?: string;
  /** accent for focus rings and the label of a focused field */
  accent?: string;
  /** error text colour */
  danger?: string;
  /** field border colour */
  border?: string;
  /** base font size in px (14–20) */
  fontSizePx?: number;
}

export type ParentMessage =
  | { channel: typeof CHANNEL; type: 'init'; kind: HostedKind; provider: string; jwt: string; theme?: HostedTheme }
  | { channel: typeof CHANNEL; type: 'check' }
  | { channel: typeof CHANNEL; type: 'tokenize'; extra: { name?: string; tin?: string } }
  | { channel: typeof CHANNEL; type: 'jwt'; jwt: string };

export type FrameMessage =
  | { channel: typeof CHANNEL; type: 'ready' }
  | { channel: typeof CHANNEL; type: 'resize'; height: number }
  | { channel: typeof CHANNEL; type: 'submit' }
  | { channel: typeof CHANNEL; type: 'invalid'; fields: string[] }
  | { channel: typeof CHANNEL; type: 'checked'; brand: string | null; funding: CardFunding | null }
  | { channel: typeof CHANNEL; type: 'tokenized'; key: string; brand: string | null; lastFour: string; funding: CardFunding | null }
  | { channel: typeof CHANNEL; type: 'refused'; status: number; code: string; message: string }
  | { channel: typeof CHANNEL; type: 'unauthorized' }
  | { channel: typeof CHANNEL; type: 'failed' };

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
const COLOR = /^#[0-9a-fA-F]{3,8}$/;
const PROVIDERS = ['plastiq-cc', 'priority-cc', 'direct-ach', 'priority-ach'];

function theme(v: unknown): HostedTheme | undefined | null {
  if (v === undefined) return undefined;
  if (!isRec(v)) return null;
  const out: HostedTheme = {};
  for (const key of ['text', 'accent', 'danger', 'border'] as const) {
    const value = v[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !COLOR.test(value)) return null;
    out[key] = value;
  }
  if (v.fontSizePx !== undefined) {
    if (typeof v.fontSizePx !== 'number' || !Number.isInteger(v.fontSizePx) || v.fontSizePx < 14 || v.fontSizePx > 20) return null;
    out.fontSizePx = v.fontSizePx;
  }
  return out;
}

/** A message the frame accepts from the portal, or null (ignored). */
export function parseParentMessage(data: unknown): ParentMessage | null {
  if (!isRec(data) || data.channel !== CHANNEL) return null;
  switch (data.type) {
    case 'init': {
      const t = theme(data.theme);
      if ((data.kind !== 'CC' && data.kind !== 'ACH') || !str(data.provider, 40) || !PROVIDERS.includes(data.provider) || !str(data.jwt, 4096) || t === null) return null;
      return { channel: CHANNEL, type: 'init', kind: data.kind, provider: data.provider, jwt: data.jwt, ...(t ? { theme: t } : {}) };
    }
    case 'tokenize': {
      const extra = data.extra === undefined ? {} : data.extra;
      if (!isRec(extra)) return null;
      if ((extra.name !== undefined && !str(extra.name, 100)) || (extra.tin !== undefined && !str(extra.tin, 11))) return null;
      return { channel: CHANNEL, type: 'tokenize', extra: { ...(extra.name !== undefined ? { name: extra.name as string } : {}), ...(extra.tin !== undefined ? { tin: extra.tin as string } : {}) } };
    }
    case 'jwt':
      return str(data.jwt, 4096) ? { channel: CHANNEL, type: 'jwt', jwt: data.jwt } : null;
    case 'check':
      return { channel: CHANNEL, type: 'check' };
    default:
      return null;
  }
}

/** A message the portal accepts from the frame, or null (ignored). */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  if (!isRec(data) || data.channel !== CHANNEL) return null;
  switch (data.type) {
    case 'ready':
    case 'submit':
    case 'unauthorized':
    case 'failed':
      return { channel: CHANNEL, type: data.type };
    case 'resize':
      return typeof data.height === 'number' && Number.isFinite(data.height) && data.height >= 0 && data.height <= 5000
        ? { channel: CHANNEL, type: 'resize', height: Math.ceil(data.height) }
        : null;
    case 'invalid':
      return Array.isArray(data.fields) && data.fields.length <= 20 && data.fields.every((f) => str(f, 40))
        ? { channel: CHANNEL, type: 'invalid', fields: data.fields as string[] }
        : null;
    case 'tokenized': {
      const funding = data.funding ?? null;
      if (!str(data.key, 200) || data.key === '' || !(data.brand === null || str(data.brand, 40)) || !str(data.lastFour, 4) || !/^\d{4}$/.test(data.lastFour)) return null;
      if (funding !== null && funding !== 'credit' && funding !== 'debit' && funding !== 'prepaid') return null;
      return { channel: CHANNEL, type: 'tokenized', key: data.key, brand: data.brand as string | null, lastFour: data.lastFour, funding };
    }
    case 'checked': {
      const funding = data.funding ?? null;
      if (!(data.brand === null || str(data.brand, 40))) return null;
      if (funding !== null && funding !== 'credit' && funding !== 'debit' && funding !== 'prepaid') return null;
      return { channel: CHANNEL, type: 'checked', brand: data.brand as string | null, funding };
    }
    case 'refused':
      return typeof data.status === 'number' && Number.isInteger(data.status) && str(data.code, 80) && str(data.message, 500)
        ? { channel: CHANNEL, type: 'refused', status: data.status, code: data.code, message: data.message }
        : null;
    default:
      return null;
  }
}

/**
 * What the portal's machine asks of the hosted fields (implemented by the page around the iframe,
 * `src/ui/payment-methods/hosted-fields-frame.tsx`; the machine sees only this): check the fields, tokenize them, and
 * continue a tokenization the payments service refused for an expired JWT with a fresh one.
 */
export interface HostedFieldsPort {
  check(): Promise<{ valid: false; fields: string[] } | { valid: true; brand: string | null; funding: CardFunding | null }>;
  tokenize(extra: { name?: string; tin?: string }): Promise<TokenizeAnswer>;
  /** after `unauthorized`: the fresh JWT; the frame repeats the tokenization it was asked for */
  resume(jwt: string): Promise<TokenizeAnswer>;
}

export type TokenizeAnswer =
  | { type: 'tokenized'; key: string; brand: string | null; lastFour: string; funding: CardFunding | null }
  | { type: 'refused'; status: number; code: string; message: string }
  | { type: 'unauthorized' }
  | { type: 'failed' };

/** The origin of a URL (`https://pay.example.com`), or null for anything that is not http(s). */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * The frame's layout, known to both sides: the frame lays its fields out with exactly these sizes (its stylesheet reads
 * them as CSS custom properties, its two-column breakpoint is this width), so the portal reserves the frame's exact
 * height from the first paint — before the frame has loaded or said its height (`resize`) — and nothing below moves.
 * A field is its label line, the input and one line for its error message; a frame `twoColumnsFromPx` wide or wider
 * puts the fields marked half (expiry and CVC; routing and account number) side by side.
 */
export const HOSTED_LAYOUT = {
  twoColumnsFromPx: 480,
  labelPx: 20,
  inputPx: 44,
  errorPx: 20,
  /** between a field's label, input and error line */
  innerGapPx: 4,
  /** between rows */
  rowGapPx: 16,
  /** around the form (room for the focus ring) */
  paddingPx: 2,
  /** rows of the fields of each kind, one column / two columns (checked against the frame's field list by a test) */
  rows: { CC: { one: 7, two: 6 }, ACH: { one: 2, two: 1 } },
} as const;

/** The frame's height in CSS pixels for a kind at one or two columns, while no error message wraps to a second line. */
export function hostedFieldsHeight(kind: HostedKind, columns: 1 | 2): number {
  const L = HOSTED_LAYOUT;
  const rows = columns === 2 ? L.rows[kind].two : L.rows[kind].one;
  const field = L.labelPx + L.innerGapPx + L.inputPx + L.innerGapPx + L.errorPx;
  return 2 * L.paddingPx + rows * field + (rows - 1) * L.rowGapPx;
}
