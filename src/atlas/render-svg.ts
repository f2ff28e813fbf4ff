/**
 * Draws a laid-out diagram as one SVG document (a string), shared by /atlas and `npm run atlas`, so the page and
 * the static files show the same picture. Statechart conventions: rounded states, compound states contain their
 * children, parallel regions have dashed borders, final states a double border, history states a circled H / H*,
 * the initial state an arrow from a dot; edges carry `event [guard]`, delayed ones `after N ms`.
 */
import type { Diagram } from './chart-to-diagram';
import { FONT_SIZE, LINE_HEIGHT, stateTitle, type Layout } from './layout';

export const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STYLE = `
.atlas-svg{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:${FONT_SIZE}px}
.atlas-state>rect{fill:#fff;stroke:#334155;stroke-width:1.5}
.atlas-state.compound>rect,.atlas-state.parallel>rect{fill:#f8fafc}
.atlas-state.region>rect{stroke-dasharray:6 4}
.atlas-state.root>rect{fill:#f1f5f9}
.atlas-state .name{font-weight:700;fill:#0f172a}
.atlas-state .line{fill:#475569}
.atlas-state.history>circle{fill:#fff;stroke:#334155;stroke-width:1.5}
.atlas-initial{fill:#0f172a}
.atlas-edge>path{fill:none;stroke:#475569;stroke-width:1.3}
.atlas-edge.delayed>path{stroke-dasharray:5 3}
.atlas-edge.actor-error>path{stroke:#b91c1c}
.atlas-edge>rect{fill:#fff;stroke:none}
.atlas-edge>text{fill:#1e293b}
.atlas-edge.actor-error>text{fill:#991b1b}
.atlas-state.highlight>rect,.atlas-state.highlight>circle{stroke:#1d4ed8;stroke-width:3}
.atlas-edge.highlight>path{stroke:#1d4ed8;stroke-width:2.5}
`;

export interface RenderOptions {
  /** Prefix of element ids (markers), unique per page. */
  idPrefix?: string;
  /** Include width/height attributes (static files); the page sizes the SVG itself. */
  intrinsicSize?: boolean;
}

export function renderSvg(diagram: Diagram, layout: Layout, options: RenderOptions = {}): string {
  const prefix = (options.idPrefix ?? diagram.id).replace(/[^\w-]/g, '_');
  const arrow = `${prefix}-arrow`;
  const byId = new Map(diagram.states.map((s) => [s.id, s]));
  const transitions = new Map(diagram.transitions.map((t) => [t.id, t]));
  const out: string[] = [];
  const size = options.intrinsicSize ? ` width="${layout.width}" height="${layout.height}"` : '';
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="atlas-svg" viewBox="0 0 ${layout.width} ${layout.height}"${size} role="img" aria-labelledby="${prefix}-title">`,
    `<title id="${prefix}-title">Statechart of ${escapeXml(diagram.id)}: ${diagram.states.length} states, ${diagram.transitions.length} transitions</title>`,
    `<style>${STYLE}</style>`,
    `<defs><marker id="${arrow}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#475569"/></marker></defs>`,
  );
  // States, parents first (ELK's order), so children paint over their parent's box.
  for (const s of layout.states) {
    const state = s.state;
    const parent = state.parent ? byId.get(state.parent) : undefined;
    const classes = ['atlas-state', state.kind, state.parent ? '' : 'root', parent?.kind === 'parallel' ? 'region' : ''].filter(Boolean).join(' ');
    const attrs = `class="${classes}" data-state-id="${escapeXml(state.id)}"`;
    if (state.kind === 'history') {
      const r = s.width / 2;
      out.push(`<g ${attrs}><circle cx="${s.x + r}" cy="${s.y + r}" r="${r - 1}"/><text class="name" x="${s.x + r}" y="${s.y + r + 4}" text-anchor="middle">${stateTitle(state)}</text></g>`);
      continue;
    }
    const parts = [`<rect x="${s.x}" y="${s.y}" width="${s.width}" height="${s.height}" rx="8"/>`];
    if (state.kind === 'final') parts.push(`<rect x="${s.x + 3}" y="${s.y + 3}" width="${s.width - 6}" height="${s.height - 6}" rx="6" style="fill:none"/>`);
    const name = `${stateTitle(state)}${state.kind === 'parallel' ? ' ∥' : ''}`;
    const top = state.kind === 'final' ? 3 : 0;
    parts.push(`<text class="name" x="${s.x + 10}" y="${s.y + 17 + top}">${escapeXml(name)}</text>`);
    s.lines.forEach((line, i) => parts.push(`<text class="line" x="${s.x + 10}" y="${s.y + 17 + top + (i + 1) * LINE_HEIGHT}">${escapeXml(line)}</text>`));
    out.push(`<g ${attrs}>${parts.join('')}</g>`);
  }
  for (const init of layout.initials) {
    out.push(`<circle class="atlas-initial" data-initial-of="${escapeXml(init.target)}" cx="${init.x + init.width / 2}" cy="${init.y + init.height / 2}" r="${init.width / 2}"/>`);
  }
  for (const e of layout.edges) {
    if (e.points.length < 2) continue;
    const t = e.transition ? transitions.get(e.transition) : undefined;
    const d = e.points.map((p, i) => `${i ? 'L' : 'M'}${round(p.x)},${round(p.y)}`).join('');
    const classes = ['atlas-edge', t ? t.kind : 'initial'].join(' ');
    const data = t ? ` data-transition-id="${t.id}" data-source="${escapeXml(t.source)}"` : '';
    const parts = [`<path d="${d}" marker-end="url(#${arrow})"/>`];
    if (e.label) {
      parts.push(`<rect x="${round(e.label.x)}" y="${round(e.label.y)}" width="${round(e.label.width)}" height="${round(e.label.height)}" rx="3"/>`);
      parts.push(`<text x="${round(e.label.x + 4)}" y="${round(e.label.y + e.label.height - 5)}">${escapeXml(e.label.text)}</text>`);
    }
    out.push(`<g class="${classes}"${data}>${parts.join('')}</g>`);
  }
  out.push('</svg>');
  return out.join('\n');
}

const round = (n: number) => Math.round(n * 10) / 10;
