// @vitest-environment happy-dom
/**
 * The atlas's tables: state, event and action names may wrap only after their dots — a `<wbr>` there —
 * and the cells no longer allow a break inside a word (they had `word-break: break-word`: "invoices.loadi / ng").
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { click2payMachine } from '../../../machines/click2pay/click2pay.machine';
import { chartToDiagram } from '../../../src/atlas/chart-to-diagram';
import { DiagramTables } from '../../../src/features/atlas/diagram-tables';

afterEach(cleanup);

describe('atlas tables', () => {
  it('put a line-break opportunity after every dot of a state name, and nowhere else', () => {
    const diagram = chartToDiagram(click2payMachine);
    render(<DiagramTables diagram={diagram} />);
    const rows = [...screen.getByTestId('atlas-states').querySelectorAll('tbody tr')];
    expect(rows).toHaveLength(diagram.states.length);
    const nested = diagram.states.filter((s) => s.depth >= 2);
    expect(nested.length).toBeGreaterThan(0);
    for (const state of nested) {
      const cell = rows[diagram.states.indexOf(state)].querySelector('td')!;
      const relative = state.id.slice(diagram.root.length + 1);
      expect(cell.textContent).toBe(relative);
      expect(cell.innerHTML).toBe(relative.split('.').join('.<wbr>'));
    }
    const events = [...screen.getByTestId('atlas-transitions').querySelectorAll('tbody tr td:nth-child(2)')];
    const done = events.find((td) => td.textContent!.startsWith('done: '))!;
    expect(done.innerHTML).toBe(done.textContent!.split('.').join('.<wbr>'));
  });
});
