import { useEffect, useMemo, useState } from 'react';
import { css } from '../../../styled-system/css';
import type { Diagram } from '../../atlas/chart-to-diagram';
import { layoutDiagram, type Layout } from '../../atlas/layout';
import { renderSvg } from '../../atlas/render-svg';
import { button } from '../../ui/button';
import { atlasTexts as t } from './texts';
import { usePanZoom } from './use-pan-zoom';

let elk: Promise<{ layout: (g: any) => Promise<any> }> | null = null;
const loadElk = () => (elk ??= import('elkjs/lib/elk.bundled.js').then((m) => new m.default()));

/** The statechart of one machine: ELK layout, the shared SVG renderer, pan and zoom by pointer, wheel or keys. */
export function DiagramView({ diagram }: { diagram: Diagram }) {
  const [layout, setLayout] = useState<Layout | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setLayout(null);
    setFailed(false);
    loadElk()
      .then((engine) => layoutDiagram(diagram, engine))
      .then((l) => live && setLayout(l))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [diagram]);

  const svg = useMemo(() => (layout ? renderSvg(diagram, layout, { idPrefix: `atlas-${diagram.id}`, intrinsicSize: true }) : ''), [diagram, layout]);
  const size = useMemo(() => (layout ? { width: layout.width, height: layout.height } : null), [layout]);
  const { viewport, view, fit, zoomIn, zoomOut, handlers } = usePanZoom(size);

  return (
    <section aria-labelledby="atlas-diagram-heading" className={css({ minWidth: '0' })}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', mb: '2' })}>
        <h3 id="atlas-diagram-heading" className={css({ fontWeight: '700', fontSize: 'lg', mr: 'auto' })}>{t.diagram}</h3>
        <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={zoomOut} disabled={!layout} aria-label={t.zoomOut}>−</button>
        <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={zoomIn} disabled={!layout} aria-label={t.zoomIn}>+</button>
        <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={fit} disabled={!layout}>{t.fit}</button>
      </div>
      <p id="atlas-diagram-help" className={css({ fontSize: 'sm', color: 'muted', mb: '2' })}>{t.diagramHelp}</p>
      <div
        ref={viewport}
        role="group"
        aria-label={t.diagramLabel(diagram.id)}
        aria-describedby="atlas-diagram-help"
        tabIndex={0}
        data-testid="atlas-viewport"
        {...handlers}
        className={css({
          position: 'relative', overflow: 'hidden', height: { base: '60vh', lg: '70vh' }, minHeight: '320px', bg: 'white',
          borderWidth: '1px', borderColor: 'line', borderRadius: 'card', cursor: 'grab', touchAction: 'none', userSelect: 'none',
          _focusVisible: { outline: '3px solid', outlineColor: 'brand.600', outlineOffset: '2px' },
        })}
      >
        {failed ? (
          <p role="alert" className={css({ p: '4' })}>{t.layoutFailed}</p>
        ) : !layout ? (
          <p role="status" className={css({ p: '4', color: 'muted' })}>{t.laying}</p>
        ) : (
          <div
            data-testid="atlas-diagram"
            style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`, transformOrigin: '0 0', width: layout.width, height: layout.height }}
            // The SVG is our own rendering of our own machines (render-svg escapes every text).
            dangerouslySetInnerHTML={{ __html: svg }}
          />
        )}
      </div>
    </section>
  );
}
