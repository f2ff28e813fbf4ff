import { Fragment, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import type { Diagram } from '../../atlas/chart-to-diagram';
import { atlasTexts as t } from './texts';

// State, event and action names wrap only where a `<wbr>` allows it (after their dots), never inside a word.
const table = css({ width: '100%', fontSize: 'sm', borderCollapse: 'collapse', '& th, & td': { textAlign: 'left', verticalAlign: 'top', borderBottomWidth: '1px', borderColor: 'line', px: '2', py: '1' }, '& td': { overflowWrap: 'normal', wordBreak: 'keep-all' } });

/** A dotted name (`invoices.loading`, `xstate.done.actor.load`) with a line-break opportunity after each dot. */
export function BreakAtDots({ text }: { text: string }): ReactNode {
  const parts = text.split('.');
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? <>.<wbr /></> : null}
    </Fragment>
  ));
}
const heading = css({ fontWeight: '700', fontSize: 'lg', mt: '4', mb: '2' });
const mono = css({ fontFamily: 'mono' });

/** The chart as tables: states, transitions, events, guards, invoked actors and delays. */
export function DiagramTables({ diagram }: { diagram: Diagram }) {
  const relative = (id: string) => (id === diagram.root ? id : id.slice(diagram.root.length + 1));
  const list = (items: string[]) =>
    items.length ? (
      <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {items.map((i) => <li key={i} className={css({ fontFamily: 'mono', fontSize: 'sm', bg: 'canvas', px: '2', borderRadius: 'sm', overflowWrap: 'normal', wordBreak: 'keep-all' })}><BreakAtDots text={i} /></li>)}
      </ul>
    ) : <p className={css({ fontSize: 'sm', color: 'muted' })}>{t.none}</p>;
  return (
    // Scrolls sideways on a phone: focusable so the keyboard can scroll it too.
    <section aria-label={`${diagram.id}: ${t.statesHeading}, ${t.transitionsHeading}`} tabIndex={0} className={css({ minWidth: '0', overflowX: 'auto' })}>
      <h3 className={heading} style={{ marginTop: 0 }}>{t.statesHeading}</h3>
      <table className={table} data-testid="atlas-states">
        <thead><tr><th scope="col">{t.columns.state}</th><th scope="col">{t.columns.kind}</th><th scope="col">{t.columns.actions}</th><th scope="col">{t.columns.invokes}</th></tr></thead>
        <tbody>
          {diagram.states.map((s) => (
            <tr key={s.id}>
              <td className={mono} style={{ paddingLeft: `${0.5 + s.depth * 0.75}rem` }}><BreakAtDots text={relative(s.id)} /></td>
              <td>{s.kind}{s.history ? ` (${s.history})` : ''}{s.initial ? ', initial' : ''}</td>
              <td className={mono}><BreakAtDots text={[...s.entry.map((a) => `entry ${a}`), ...s.exit.map((a) => `exit ${a}`)].join(', ')} /></td>
              <td className={mono}><BreakAtDots text={s.invokes.map((i) => i.src).join(', ')} /></td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className={heading}>{t.transitionsHeading}</h3>
      <table className={table} data-testid="atlas-transitions">
        <thead><tr><th scope="col">{t.columns.from}</th><th scope="col">{t.columns.event}</th><th scope="col">{t.columns.guard}</th><th scope="col">{t.columns.to}</th><th scope="col">{t.columns.doing}</th></tr></thead>
        <tbody>
          {diagram.transitions.map((tr) => (
            <tr key={tr.id}>
              <td className={mono}><BreakAtDots text={relative(tr.source)} /></td>
              <td className={mono}><BreakAtDots text={tr.eventLabel} /></td>
              <td className={mono}><BreakAtDots text={tr.guard ?? ''} /></td>
              <td className={mono}><BreakAtDots text={tr.targets.length ? tr.targets.map(relative).join(', ') : t.selfLoop} /></td>
              <td className={mono}><BreakAtDots text={tr.actions.join(', ')} /></td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className={heading}>{t.eventsHeading}</h3>
      {list(diagram.events)}
      <h3 className={heading}>{t.guardsHeading}</h3>
      {list(diagram.guards)}
      <h3 className={heading}>{t.actorsHeading}</h3>
      {list(diagram.actors.map((a) => `${a.src}${a.id !== a.src ? ` (${a.id})` : ''} in ${relative(a.state)}`))}
      <h3 className={heading}>{t.delaysHeading}</h3>
      {list(diagram.delays.map((d) => (typeof d === 'number' ? `${d} ms` : d)))}
    </section>
  );
}
