// @vitest-environment jsdom
/**
 * The shared DataTable: sorting with aria-sort, the three-state select-all over a Set, virtualisation (only a window
 * of 5,000 rows in the DOM, with aria-rowcount/aria-rowindex), memoised rows, the card layout below 550 px and
 * arrow-key navigation between rows.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, ENTER_STAGGER_ROWS, cardHeightOf, trackOf, type DataTableColumn, type DataTableSort } from '../../../src/ui/data-table';

interface Item {
  id: string;
  name: string;
  cents: number;
}

const items = (n: number): Item[] => Array.from({ length: n }, (_, i) => ({ id: `id-${i}`, name: `Item ${String(i).padStart(4, '0')}`, cents: ((i * 37) % 101) * 100 }));
const cellSpy = vi.fn();
const columns: DataTableColumn<Item>[] = [
  { id: 'name', header: 'Name', cell: (r) => { cellSpy(r.id); return r.name; }, compare: (a, b) => a.name.localeCompare(b.name) },
  { id: 'amount', header: 'Amount', align: 'end', cell: (r) => `$${(r.cents / 100).toFixed(2)}`, compare: (a, b) => a.cents - b.cents },
];
const key = (r: Item) => r.id;
const label = (r: Item) => `Select ${r.name}`;
const attrs = (r: Item) => ({ 'data-testid': 'row', 'data-name': r.name });

function Harness({ rows }: { rows: Item[] }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const onToggle = useCallback((id: string) => setSelected((s) => {
    const next = new Set(s);
    if (!next.delete(id)) next.add(id);
    return next;
  }), []);
  const onToggleAll = useCallback(() => setSelected((s) => (rows.every((r) => s.has(r.id)) ? new Set() : new Set(rows.map(key)))), [rows]);
  return (
    <DataTable
      label="Items"
      rows={rows}
      rowKey={key}
      columns={columns}
      selection={{ selected, onToggle, onToggleAll, rowLabel: label, allLabel: 'Select all items' }}
      rowAttributes={attrs}
    />
  );
}

/** A viewport narrower than 550 px (the card layout). */
const stubNarrowViewport = () => vi.stubGlobal('matchMedia', (query: string) => ({
  matches: query.includes('max-width') && parseFloat(query.split(':')[1]) < 550,
  media: query,
  addEventListener: () => {},
  removeEventListener: () => {},
}));
const names = () => screen.getAllByTestId('row').map((r) => r.getAttribute('data-name'));

afterEach(() => {
  cleanup();
  cellSpy.mockClear();
  vi.unstubAllGlobals();
});

describe('DataTable', () => {
  it('sorts by a header: aria-sort ascending → descending → none (the rows’ own order)', async () => {
    const user = userEvent.setup();
    const rows = [{ id: 'a', name: 'B', cents: 300 }, { id: 'b', name: 'A', cents: 100 }, { id: 'c', name: 'C', cents: 200 }];
    render(<Harness rows={rows} />);
    const amount = screen.getByRole('columnheader', { name: /Amount/ });
    expect(amount).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['B', 'A', 'C']);
    await user.click(within(amount).getByRole('button'));
    expect(amount).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['A', 'C', 'B']);
    await user.click(within(amount).getByRole('button'));
    expect(amount).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['B', 'C', 'A']);
    await user.click(within(amount).getByRole('button'));
    expect(amount).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['B', 'A', 'C']);
    // Sorting another column resets this one.
    await user.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(amount).toHaveAttribute('aria-sort', 'none');
  });

  it('lets the caller own the sort: shows `sort`, reports clicks with the next sort and the column, keeps focus', async () => {
    const user = userEvent.setup();
    const rows = [{ id: 'a', name: 'B', cents: 300 }, { id: 'b', name: 'A', cents: 100 }, { id: 'c', name: 'C', cents: 200 }];
    const changes: Array<[unknown, string]> = [];
    function Owner() {
      // The owner's rule: a click sorts by that column, toggling the direction, never back to the rows' own order.
      const [sort, setSort] = useState<DataTableSort | null>({ column: 'amount', direction: 'descending' });
      return (
        <DataTable label="Owned" rows={rows} rowKey={key} columns={columns} rowAttributes={attrs} sort={sort}
          onSortChange={(next, column) => {
            changes.push([next, column]);
            setSort((s) => ({ column, direction: s?.column === column && s.direction === 'ascending' ? 'descending' : 'ascending' }));
          }} />
      );
    }
    render(<Owner />);
    const amount = screen.getByRole('columnheader', { name: /Amount/ });
    expect(amount).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['B', 'C', 'A']);
    const button = within(amount).getByRole('button');
    await user.click(button);
    // The default cycle would go back to the rows' own order; the owner says ascending instead.
    expect(changes).toEqual([[null, 'amount']]);
    expect(amount).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['A', 'C', 'B']);
    expect(within(screen.getByRole('columnheader', { name: /Amount/ })).getByRole('button')).toHaveFocus();
    await user.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(changes[1]).toEqual([{ column: 'name', direction: 'ascending' }, 'name']);
    expect(names()).toEqual(['A', 'B', 'C']);
  });

  it('has a three-state select-all: none, some (mixed), all; and back to none', async () => {
    const user = userEvent.setup();
    render(<Harness rows={items(3)} />);
    const all = screen.getByRole('checkbox', { name: 'Select all items' });
    expect(all).not.toBeChecked();
    expect(all).not.toBePartiallyChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select Item 0001' }));
    expect(all).toBePartiallyChecked();
    await user.click(all);
    expect(all).toBeChecked();
    expect(all).not.toBePartiallyChecked();
    for (const box of screen.getAllByRole('checkbox', { name: /^Select Item/ })) expect(box).toBeChecked();
    await user.click(all);
    expect(all).not.toBeChecked();
    for (const box of screen.getAllByRole('checkbox', { name: /^Select Item/ })) expect(box).not.toBeChecked();
  });

  it('renders only a window of 5,000 rows, with the row count and row indexes for assistive technology', async () => {
    const user = userEvent.setup();
    render(<Harness rows={items(5000)} />);
    const table = screen.getByRole('table', { name: 'Items' });
    expect(table).toHaveAttribute('aria-rowcount', '5001');
    const rendered = await screen.findAllByTestId('row');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(60);
    expect(rendered[0]).toHaveAttribute('aria-rowindex', '2');
    expect(screen.getAllByRole('row')[0]).toHaveAttribute('aria-rowindex', '1');
    // Select all works on every row, not just the rendered ones.
    await user.click(screen.getByRole('checkbox', { name: 'Select all items' }));
    expect(screen.getByRole('checkbox', { name: 'Select all items' })).toBeChecked();
    // The space of the rows not rendered is reserved: 5,000 × 48 px in all.
    const body = screen.getAllByRole('rowgroup')[1];
    const reserved = parseFloat(body.style.paddingTop || '0') + parseFloat(body.style.paddingBottom || '0') + rendered.length * 48;
    expect(reserved).toBe(5000 * 48);
  });

  it('plays the entrance on the rows of its first render, 10 ms apart, and not on rows that mount later', async () => {
    const { rerender } = render(<Harness rows={items(40)} />);
    const rows = await screen.findAllByTestId('row');
    expect(rows[0]).toHaveAttribute('data-enter');
    expect(rows[0].style.animationDelay).toBe('0ms');
    expect(rows[3].style.animationDelay).toBe('30ms');
    // The stagger stops after ENTER_STAGGER_ROWS rows: the whole entrance stays short.
    expect(rows[39].style.animationDelay).toBe(`${ENTER_STAGGER_ROWS * 10}ms`);
    rerender(<Harness rows={[...items(40), { id: 'late', name: 'Late item', cents: 100 }]} />);
    const late = (await screen.findAllByTestId('row')).find((row) => row.textContent?.includes('Late item'))!;
    expect(late).not.toHaveAttribute('data-enter');
    expect(late.style.animationDelay).toBe('');
  });

  it('renders every row of a list of up to 100 rows (find in page and assistive technology see them all)', async () => {
    render(<Harness rows={items(100)} />);
    expect(await screen.findAllByTestId('row')).toHaveLength(100);
  });

  it('re-renders only the row whose selection changed', async () => {
    const user = userEvent.setup();
    render(<Harness rows={items(5)} />);
    cellSpy.mockClear();
    await user.click(screen.getByRole('checkbox', { name: 'Select Item 0002' }));
    expect(cellSpy.mock.calls.map((c) => c[0])).toEqual(['id-2']);
  });

  it('moves focus between rows with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness rows={items(5)} />);
    screen.getByRole('checkbox', { name: 'Select Item 0001' }).focus();
    await user.keyboard('{ArrowDown}');
    await act(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
    expect(screen.getByRole('checkbox', { name: 'Select Item 0002' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByRole('checkbox', { name: 'Select Item 0000' })).toHaveFocus();
  });

  it('lays rows out as cards below 550 px, with the column labels in each card', () => {
    stubNarrowViewport();
    render(<Harness rows={items(2)} />);
    expect(screen.getByRole('table', { name: 'Items' })).toHaveAttribute('data-layout', 'cards');
    expect(within(screen.getAllByTestId('row')[0]).getByText('Amount')).toBeInTheDocument();
  });

  it('shows the select-all box’s name beside it in the card layout (a phone has no column of boxes to explain it)', async () => {
    stubNarrowViewport();
    render(<Harness rows={items(2)} />);
    const all = screen.getByRole('checkbox', { name: 'Select all items' });
    const label = all.closest('label')!;
    expect(label).toHaveTextContent('Select all items');
    // The text is the box's label: a tap on it toggles the box.
    await userEvent.setup().click(within(label).getByText('Select all items'));
    expect(all).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Item 0000' })).toBeChecked();
  });

  it('gives a column with cardLines several text lines in a card, the card taller by 20 px a line; not virtualised, it may grow to show the whole text', () => {
    stubNarrowViewport();
    const withNote: DataTableColumn<Item>[] = [...columns, { id: 'note', header: 'Note', cell: (r) => `A long note about ${r.name}`, cardLines: 3 }];
    render(<DataTable label="Notes" rows={items(2)} rowKey={key} columns={withNote} rowAttributes={attrs} />);
    const [card] = screen.getAllByTestId('row');
    // 24 + 36 (Name) + 36 (Amount) + 36 + 2 × 20 (Note, three lines): the least height; every row renders at once, so a
    // longer text may make its card taller (nothing is measured or moved).
    expect(card.style.minHeight).toBe(`${cardHeightOf(withNote)}px`);
    expect(card.style.height).toBe('');
    expect(card).toHaveAttribute('data-fit');
    expect(cardHeightOf(withNote)).toBe(24 + 36 + 36 + 76);
    expect(cardHeightOf(columns)).toBe(24 + 36 + 36);
    const note = within(card).getByText('A long note about Item 0000').closest('[role=cell]') as HTMLElement;
    expect(note).toHaveAttribute('data-lines', '3');
    expect(note.style.getPropertyValue('--dt-lines')).toBe('3');
    expect(within(card).getByText('Item 0000').closest('[role=cell]')).not.toHaveAttribute('data-lines');
  });

  it('keeps virtualised cards at their fixed height (the virtualiser places them by it)', () => {
    stubNarrowViewport();
    const withNote: DataTableColumn<Item>[] = [...columns, { id: 'note', header: 'Note', cell: (r) => `A long note about ${r.name}`, cardLines: 3 }];
    render(<DataTable label="Notes" rows={items(150)} rowKey={key} columns={withNote} rowAttributes={attrs} />);
    const [card] = screen.getAllByTestId('row');
    expect(card.style.height).toBe(`${cardHeightOf(withNote)}px`);
    expect(card).not.toHaveAttribute('data-fit');
  });

  it('never makes a column narrower than its content: min-content tracks sharing the rest, free text marked to wrap, rows that fit', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    expect(trackOf({})).toBe('minmax(min-content, 1fr)');
    expect(trackOf({ width: '19fr' })).toBe('minmax(min-content, 19fr)');
    expect(trackOf({ width: '1fr', minWidth: '8rem' })).toBe('minmax(8rem, 1fr)');
    const withNote: DataTableColumn<Item>[] = [...columns, { id: 'note', header: 'Note', cell: (r) => `A long note about ${r.name}`, wrap: true, width: '2fr' }];
    render(<DataTable label="Notes" rows={items(2)} rowKey={key} columns={withNote} rowAttributes={attrs} />);
    const table = screen.getByRole('table', { name: 'Notes' });
    expect(table.style.getPropertyValue('--dt-columns')).toBe('minmax(min-content, 1fr) minmax(min-content, 1fr) minmax(min-content, 2fr)');
    const [row] = screen.getAllByTestId('row');
    expect(within(row).getByText('A long note about Item 0000').closest('[role=cell]')).toHaveAttribute('data-wrap');
    expect(within(row).getByText('Item 0000').closest('[role=cell]')).not.toHaveAttribute('data-wrap');
    // Not virtualised: the row is at least 48 px and grows with wrapped text.
    expect(row.style.minHeight).toBe('48px');
    expect(row.style.height).toBe('');
  });

  it('uses the table layout at 550 px and wider', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    render(<Harness rows={items(2)} />);
    expect(screen.getByRole('table', { name: 'Items' })).toHaveAttribute('data-layout', 'table');
  });
});
