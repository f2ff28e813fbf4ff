import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import { machineCode, machineDefinitionJson } from '../../atlas/definition';
import { percent, type CoverageFigures } from '../../atlas/coverage';
import { button } from '../../ui/button';
import { Card, Page, PageTitle } from '../../ui/page';
import { atlasEntries, byFeature, generatedCoverage, walkCoverage, type AtlasEntry } from './atlas-data';
import { DiagramView } from './diagram-view';
import { DiagramTables } from './diagram-tables';
import { atlasTexts as t } from './texts';

/**
 * /atlas and /atlas/:machineId: every registered machine grouped by feature with its purpose; one machine
 * as a laid-out statechart with its tables, its definition for the Stately tools, and its coverage figures.
 */
export default function AtlasPage() {
  // `/atlas/*`: the splat is the machine id (the root layout sends non-UUID named params to /404).
  const machineId = useParams()['*']?.replace(/\/$/, '') || undefined;
  const selected = machineId ? atlasEntries.find((e) => e.id === machineId) : undefined;
  return (
    <Page wide className={css({ maxWidth: '1440px!' })}>
      <title>{selected ? `${selected.id} · ${t.pageTitle}` : t.pageTitle}</title>
      {machineId ? (
        <>
          <nav aria-label="Breadcrumb" className={css({ mb: '3' })}>
            <Link to="/atlas" className={css({ color: 'brand.700', textDecoration: 'underline' })}>{t.back}</Link>
          </nav>
          {selected ? <MachineDetail key={selected.id} e={selected} /> : <p role="alert">{t.notFound(machineId)}</p>}
        </>
      ) : (
        <AtlasIndex />
      )}
    </Page>
  );
}

function AtlasIndex() {
  const groups = byFeature();
  return (
    <>
      <PageTitle>{t.title}</PageTitle>
      <p className={css({ mb: '2' })}>{t.intro}</p>
      <p className={css({ mb: '6', color: 'muted' })}>{t.machines(atlasEntries.length)}</p>
      <div className={css({ display: 'grid', gap: '5', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' } })}>
        {groups.map((g) => (
          <Card key={g.feature} label={g.feature}>
            <h2 className={css({ fontWeight: '700', fontSize: 'xl', mb: '3' })}>{g.feature}</h2>
            <ul className={css({ display: 'grid', gap: '3' })}>
              {g.entries.map((e) => (
                <li key={e.id} data-testid="atlas-machine">
                  <Link to={`/atlas/${e.id}`} className={css({ fontWeight: '600', color: 'brand.700', textDecoration: 'underline', fontFamily: 'mono', wordBreak: 'break-word' })}>{e.id}</Link>
                  <p className={css({ fontSize: 'sm' })}>{e.purpose}</p>
                  <p className={css({ fontSize: 'xs', color: 'muted' })}>{t.counts(e.diagram.states.length, e.diagram.transitions.length)}</p>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </>
  );
}

function MachineDetail({ e }: { e: AtlasEntry }) {
  const json = useMemo(() => machineDefinitionJson(e.entry.machine), [e]);
  const code = useMemo(() => machineCode(e.entry.machine, e.purpose), [e]);
  const [copyStatus, setCopyStatus] = useState<'idle' | 'copied' | 'codeCopied' | 'failed'>('idle');
  const download = (text: string, filename: string, type: string) => {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const copy = async (text: string, done: 'copied' | 'codeCopied') => {
    try {
      await navigator.clipboard.writeText(text);
      setCopyStatus(done);
    } catch {
      setCopyStatus('failed');
    }
  };
  const status = { idle: '', copied: t.copied, codeCopied: t.codeCopied, failed: t.copyFailed }[copyStatus];
  return (
    <>
      <PageTitle className={css({ fontFamily: 'mono', wordBreak: 'break-word' })}>{e.id}</PageTitle>
      <p className={css({ mb: '1' })}>{e.purpose}</p>
      <p className={css({ mb: '4', color: 'muted', fontSize: 'sm' })}>{t.feature}: {e.feature} · {t.counts(e.diagram.states.length, e.diagram.transitions.length)}</p>
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center', mb: '2' })}>
        <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={() => download(code, `${e.id}.machine.ts`, 'text/plain')}>{t.downloadCode}</button>
        <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={() => void copy(code, 'codeCopied')}>{t.copyCode}</button>
        <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={() => download(json, `${e.id}.machine.json`, 'application/json')}>{t.download}</button>
        <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={() => void copy(json, 'copied')}>{t.copy}</button>
        <span role="status" className={css({ fontSize: 'sm' })}>{status}</span>
      </div>
      <p className={css({ mb: '5', color: 'muted', fontSize: 'sm' })}>{t.statelyHint}</p>
      <CoverageFigures e={e} />
      <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', xl: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' })}>
        <DiagramView diagram={e.diagram} />
        <DiagramTables diagram={e.diagram} />
      </div>
    </>
  );
}

function CoverageFigures({ e }: { e: AtlasEntry }) {
  const [generated, setGenerated] = useState<CoverageFigures | null>(null);
  // undefined while the chart's recordings load (a chunk each), null when the build has none
  const [walks, setWalks] = useState<Awaited<ReturnType<typeof walkCoverage>> | undefined>(undefined);
  useEffect(() => {
    let current = true;
    setWalks(undefined);
    walkCoverage(e).then(
      (found) => current && setWalks(found),
      () => current && setWalks(null),
    );
    return () => {
      current = false;
    };
  }, [e]);
  useEffect(() => {
    // Path generation takes up to a second on the largest charts: after the first paint.
    const timer = setTimeout(() => setGenerated(generatedCoverage(e)), 50);
    return () => clearTimeout(timer);
  }, [e]);
  const figure = (f: CoverageFigures) => `states ${f.states.covered}/${f.states.total} (${percent(f.states)} %) · transitions ${f.transitions.covered}/${f.transitions.total} (${percent(f.transitions)} %)`;
  return (
    <section aria-labelledby="atlas-coverage" className={css({ mb: '5' })}>
      <h2 id="atlas-coverage" className={css({ fontWeight: '700', fontSize: 'lg', mb: '1' })}>{t.coverage}</h2>
      <dl className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'max-content 1fr' }, columnGap: '4', fontSize: 'sm' })}>
        <dt className={css({ fontWeight: '600' })}>{t.generatedPaths}</dt>
        <dd data-testid="coverage-generated">{generated ? figure(generated) : t.coverageComputing}</dd>
        <dt className={css({ fontWeight: '600' })}>{t.viewWalks}</dt>
        <dd data-testid="coverage-walks">{walks === undefined ? t.walksLoading : walks ? `${figure(walks)} — ${walks.files.join(', ')}` : t.noWalk}</dd>
      </dl>
    </section>
  );
}
