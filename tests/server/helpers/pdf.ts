/**
 * Just enough PDF reading for tests (no PDF parser is installed): the cross-reference table is checked against the
 * objects it points to, content streams are inflated (FlateDecode) and the text shown by Tj/TJ operators collected.
 */
import { inflateSync } from 'node:zlib';

export interface PdfStructure {
  version: string;
  objectCount: number;
  /** problems found (empty when the file is well formed as far as checked) */
  problems: string[];
}

/** Header, trailer, startxref → xref table, every xref offset → "N G obj". */
export function checkPdfStructure(pdf: Buffer): PdfStructure {
  const text = pdf.toString('latin1');
  const problems: string[] = [];
  const header = /^%PDF-(\d\.\d)/.exec(text);
  if (!header) problems.push('no %PDF- header');
  if (!/%%EOF\s*$/.test(text)) problems.push('no %%EOF at the end');
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  let objectCount = 0;
  if (!startxref) problems.push('no startxref');
  else {
    const offset = Number(startxref[1]);
    if (!text.startsWith('xref', offset)) problems.push(`startxref ${offset} does not point to an xref table`);
    else {
      const table = /^xref\s+(\d+)\s+(\d+)\s+/.exec(text.slice(offset));
      if (!table) problems.push('malformed xref header');
      else {
        const first = Number(table[1]);
        objectCount = Number(table[2]);
        const entriesStart = offset + table[0].length;
        for (let i = 0; i < objectCount; i++) {
          const entry = text.slice(entriesStart + i * 20, entriesStart + i * 20 + 18);
          const m = /^(\d{10}) (\d{5}) ([nf])$/.exec(entry);
          if (!m) {
            problems.push(`malformed xref entry ${i}: ${JSON.stringify(entry)}`);
            continue;
          }
          if (m[3] === 'n' && !text.startsWith(`${first + i} ${Number(m[2])} obj`, Number(m[1]))) {
            problems.push(`object ${first + i} is not at ${Number(m[1])}`);
          }
        }
      }
    }
  }
  if (!/\/Type\s*\/Catalog/.test(text)) problems.push('no catalog');
  return { version: header?.[1] ?? '', objectCount, problems };
}

/** The decoded bytes of every stream (inflated when /FlateDecode). */
export function pdfStreams(pdf: Buffer): Buffer[] {
  const text = pdf.toString('latin1');
  const out: Buffer[] = [];
  const re = /<<([^]*?)>>\s*stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index + m[0].length;
    // The dictionary's /Length (a direct number, as pdfkit writes it) says where the data ends. Without one, the data
    // ends before the single EOL marker that precedes `endstream` — only one: compressed data may itself end in a
    // byte 0x0a or 0x0d (trimming every trailing EOL byte cut such streams short, now and then).
    const length = /\/Length\s+(\d+)(?!\d)(?!\s+\d+\s+R)/.exec(m[1]);
    const end = text.indexOf('endstream', start);
    let raw = length ? pdf.subarray(start, start + Number(length[1])) : pdf.subarray(start, end);
    if (!length) {
      if (raw[raw.length - 1] === 0x0a) raw = raw.subarray(0, raw.length - 1);
      if (raw[raw.length - 1] === 0x0d) raw = raw.subarray(0, raw.length - 1);
    }
    out.push(/\/FlateDecode/.test(m[1]) ? inflateSync(raw) : Buffer.from(raw));
    re.lastIndex = end;
  }
  return out;
}

/** WinAnsiEncoding 0x80–0x9F (the rest of the byte range is latin1). */
const WIN_ANSI_HIGH = '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';

function winAnsi(bytes: string): string {
  return bytes.replace(/[\x80-\x9f]/g, (c) => WIN_ANSI_HIGH[c.charCodeAt(0) - 0x80]);
}

function literal(s: string): string {
  return s.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, e: string) =>
    /^[0-7]/.test(e) ? String.fromCharCode(parseInt(e, 8)) : ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e,
  );
}

/** Text shown by the content streams, one line per Tj/TJ (hex and literal strings, read as WinAnsi). */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const stream of pdfStreams(pdf)) {
    const content = stream.toString('latin1');
    const ops = /\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:[^)\\]|\\.)*\))\s*Tj/g;
    let m: RegExpExecArray | null;
    while ((m = ops.exec(content))) {
      const body = m[1] ?? m[2];
      const parts = body.match(/<[0-9a-fA-F]*>|\((?:[^)\\]|\\.)*\)/g) ?? [];
      lines.push(winAnsi(
        parts
          .map((p) => (p.startsWith('<') ? Buffer.from(p.slice(1, -1), 'hex').toString('latin1') : literal(p.slice(1, -1))))
          .join('')),
      );
    }
  }
  return lines.join('\n');
}
