/**
 * The README and the guides under docs/ stay alive (issue 35): every relative link names a file that exists, every
 * `#anchor` a heading of that file, and every `npm run <script>` a script of package.json. (The product specification
 * under docs/spec/ is quoted as it was written, and not checked.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const docs = ['README.md', 'server/README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const scripts = Object.keys((JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);

/** GitHub's anchor of a heading: lower case, punctuation dropped (not `-` or `_`), spaces as `-`. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*]/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1]!)));
}

/** The links of a Markdown file outside code blocks and inline code: [text](target). */
function linksOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

describe('the documentation’s links and commands', () => {
  it('reads the README and every guide', () => {
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'docs/operating.md', 'docs/payments.md', 'docs/performance.md', 'docs/vendor-integration.md', 'docs/architecture.md', 'docs/decisions.md']));
  });

  it.each(docs)('%s: every relative link names a file that exists, and its #anchor a heading there', (file) => {
    const broken: string[] = [];
    for (const link of linksOf(file)) {
      if (/^(https?:|mailto:)/.test(link)) continue;
      const [target, anchor] = link.split('#') as [string, string | undefined];
      const resolved = target ? path.normalize(path.join(path.dirname(file), target)) : file;
      if (!existsSync(path.join(root, resolved))) {
        broken.push(`${link}: no file ${resolved}`);
        continue;
      }
      if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) broken.push(`${link}: no heading #${anchor} in ${resolved}`);
    }
    expect(broken).toEqual([]);
  });

  it.each(docs)('%s: every `npm run <script>` it names is a script of package.json', (file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const named = [...new Set([...text.matchAll(/npm run (?:-s )?([a-z][\w:-]*)/g)].map((m) => m[1]!))];
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it('knows a broken link and a missing script when it sees one', () => {
    expect(slug('Health, faults and overload')).toBe('health-faults-and-overload');
    expect(slug('Card numbers stay on the payments origin')).toBe('card-numbers-stay-on-the-payments-origin');
    expect(existsSync(path.join(root, 'docs/no-such-guide.md'))).toBe(false);
    expect(scripts).not.toContain('no-such-script');
  });
});
