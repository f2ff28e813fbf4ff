/**
 * Rich content of a template message (portal-recurring.md §2.8, §8 "Error deserializing rich content"), format
 * version 1. The contract carries it as JSON text (`TemplateMessage.messageData.content`); this module turns that text
 * into a checked node tree, or says it cannot. The SPA renders the tree as React elements (never as HTML), so a
 * message can format text but cannot inject markup, scripts, styles or links to other schemes.
 *
 * ```
 * Document  = Block[]
 * Block     = { type: 'heading', level: 1 | 2 | 3, children: Inline[] }
 *           | { type: 'paragraph', children: Inline[] }
 *           | { type: 'bulleted-list' | 'numbered-list', children: ListItem[] }
 * ListItem  = { type: 'list-item', children: Inline[] }
 * Inline    = Text | Link
 * Text      = { text: string, bold?: boolean, italic?: boolean }
 * Link      = { type: 'link', url: string (http, https or mailto), children: Text[] }
 * ```
 * Anything else — an unknown type or key, a value of the wrong kind, a link to another scheme, deeper nesting than
 * this, more than `MAX_NODES` nodes — is a parse failure (the whole body shows the error text, never half a message).
 */

export interface RichText {
  text: string;
  bold?: boolean;
  italic?: boolean;
}
export interface RichLink {
  type: 'link';
  url: string;
  children: RichText[];
}
export type RichInline = RichText | RichLink;
export interface RichListItem {
  type: 'list-item';
  children: RichInline[];
}
export type RichBlock =
  | { type: 'heading'; level: 1 | 2 | 3; children: RichInline[] }
  | { type: 'paragraph'; children: RichInline[] }
  | { type: 'bulleted-list' | 'numbered-list'; children: RichListItem[] };
export type RichDocument = RichBlock[];

export type RichContentResult = { ok: true; document: RichDocument } | { ok: false; reason: string };

/** More nodes than this is refused (a message is a page of text, not a book). */
export const MAX_NODES = 5000;

class RichContentError extends Error {}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a link target is allowed: http(s) with a host, or mailto. */
export function isSafeLinkUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'mailto:') return parsed.pathname.length > 0;
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.length > 0;
}

/** Parses and checks the JSON text of a template message's rich content. */
export function parseRichContent(json: string): RichContentResult {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  let count = 0;
  const tick = () => {
    count += 1;
    if (count > MAX_NODES) throw new RichContentError('too many nodes');
  };
  const fail = (reason: string): never => {
    throw new RichContentError(reason);
  };
  const keys = (node: Obj, allowed: string[]) => {
    for (const key of Object.keys(node)) if (!allowed.includes(key)) fail(`unknown key ${key}`);
  };
  const array = (v: unknown, what: string): unknown[] => (Array.isArray(v) ? v : fail(`${what} must be a list`));

  const text = (v: unknown): RichText => {
    tick();
    if (!isObject(v) || typeof v.text !== 'string') return fail('text node expected');
    keys(v, ['text', 'bold', 'italic']);
    const out: RichText = { text: v.text };
    for (const mark of ['bold', 'italic'] as const) {
      if (v[mark] === undefined) continue;
      if (typeof v[mark] !== 'boolean') fail(`${mark} must be true or false`);
      if (v[mark]) out[mark] = true;
    }
    return out;
  };
  const inline = (v: unknown): RichInline => {
    if (isObject(v) && v.type === 'link') {
      tick();
      keys(v, ['type', 'url', 'children']);
      if (typeof v.url !== 'string' || !isSafeLinkUrl(v.url)) fail('link url must be http, https or mailto');
      return { type: 'link', url: v.url as string, children: array(v.children, 'link children').map(text) };
    }
    return text(v);
  };
  const inlines = (v: unknown) => array(v, 'children').map(inline);
  const block = (v: unknown): RichBlock => {
    tick();
    if (!isObject(v)) return fail('block expected');
    switch (v.type) {
      case 'heading':
        keys(v, ['type', 'level', 'children']);
        if (v.level !== 1 && v.level !== 2 && v.level !== 3) fail('heading level must be 1, 2 or 3');
        return { type: 'heading', level: v.level as 1 | 2 | 3, children: inlines(v.children) };
      case 'paragraph':
        keys(v, ['type', 'children']);
        return { type: 'paragraph', children: inlines(v.children) };
      case 'bulleted-list':
      case 'numbered-list':
        keys(v, ['type', 'children']);
        return {
          type: v.type,
          children: array(v.children, 'list children').map((item) => {
            tick();
            if (!isObject(item) || item.type !== 'list-item') return fail('list item expected');
            keys(item, ['type', 'children']);
            return { type: 'list-item' as const, children: inlines(item.children) };
          }),
        };
      default:
        return fail(`unknown block type ${String(v.type)}`);
    }
  };

  try {
    return { ok: true, document: array(raw, 'document').map(block) };
  } catch (error) {
    if (error instanceof RichContentError) return { ok: false, reason: error.message };
    throw error;
  }
}

/** The plain text of a document (previews): blocks on their own lines. */
export function richContentText(document: RichDocument): string {
  const inlineText = (i: RichInline) => ('type' in i ? i.children.map((c) => c.text).join('') : i.text);
  return document
    .flatMap((b): string[] => {
      if (b.type === 'bulleted-list' || b.type === 'numbered-list') return b.children.map((li) => li.children.map(inlineText).join(''));
      return [(b.children as RichInline[]).map(inlineText).join('')];
    })
    .join('\n');
}
