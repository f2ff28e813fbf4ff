// @vitest-environment happy-dom
/**
 * The shared DataTable: sorting with aria-sort, the three-state select-all over a Set, virtualisation (only a window
 * of 5,000 rows in the DOM, with aria-rowcount/aria-rowindex), memoised rows, the compact phone row below 550 px (its
 * disclosure, its fixed height) and arrow-key navigation between rows.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerViewportContext } from '../../../src/ui/server-viewport';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DataTable, ENTER_STAGGER_ROWS, SERVER_WINDOW_HEIGHT, phoneRolesOf, phoneRowHeightOf, trackOf, type DataTableColumn, type DataTableSort,
} from '../../../src/ui/data-table';

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

/** A viewport narrower than 550 px (the phone layout). */
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

  it('renders the rows at the top of the page on the server too: a long list’s first screen is not an empty table', () => {
    // the server renders a first screen per width class with no window to measure (src/server-render/render-page.tsx)
    const html = renderToString(
      <ServerViewportContext.Provider value={1280}>
        <Harness rows={items(500)} />
      </ServerViewportContext.Provider>,
    );
    const rows = [...html.matchAll(/data-name="(Item \d+)"/g)].map((m) => m[1]);
    expect(rows[0]).toBe('Item 0000');
    // a window of SERVER_WINDOW_HEIGHT at 48 px a row, plus the overscan; never the whole list
    expect(rows.length).toBeGreaterThanOrEqual(Math.ceil(SERVER_WINDOW_HEIGHT / 48));
    expect(rows.length).toBeLessThan(60);
    expect(html).toContain('aria-rowcount="501"');
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

  it('lays rows out as compact phone rows below 550 px: the identifying value a row header, the others with their labels', () => {
    stubNarrowViewport();
    render(<Harness rows={items(2)} />);
    const table = screen.getByRole('table', { name: 'Items' });
    expect(table).toHaveAttribute('data-layout', 'phone');
    const [row] = screen.getAllByTestId('row');
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Item 0000');
    // The amount (end-aligned, seen at a glance) ends the first line; with no detail column there is no disclosure.
    expect(within(row).getByText('$0.00').closest('[role=cell]')).toHaveAttribute('data-lead');
    expect(within(row).queryByRole('button')).toBeNull();
    // Two lines' worth of nothing: one line (name, amount) of 44 px, 8 px of padding, a 1 px rule; a fixed least height.
    expect(row.style.minHeight).toBe(`${phoneRowHeightOf(columns)}px`);
    expect(phoneRowHeightOf(columns)).toBe(8 + 44 + 1);
  });

  it('shows the select-all box’s name beside it in the phone layout (a phone has no column of boxes to explain it)', async () => {
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

  it('gives each phone row a 44 px target around its select box: a tap beside the box toggles it', async () => {
    stubNarrowViewport();
    render(<Harness rows={items(2)} />);
    const box = screen.getByRole('checkbox', { name: 'Select Item 0001' });
    const target = box.closest('label')!;
    expect(target).not.toBeNull();
    await userEvent.setup().click(target);
    expect(box).toBeChecked();
  });

  it('defaults the phone roles: the first column primary, the next two secondary, the rest detail; one primary at most', () => {
    const c = (phone?: 'primary' | 'secondary' | 'action' | 'detail') => ({ phone });
    expect(phoneRolesOf([c(), c(), c(), c(), c()])).toEqual(['primary', 'secondary', 'secondary', 'detail', 'detail']);
    expect(phoneRolesOf([c(), c('primary'), c('action'), c()])).toEqual(['secondary', 'primary', 'action', 'detail']);
    expect(phoneRolesOf([c('primary'), c('primary')])).toEqual(['primary', 'secondary']);
  });

  describe('the phone row’s disclosure (the rest one tap away)', () => {
    interface Inv { id: string; num: string; due: string; cents: number; po: string; shipTo: string }
    const invs: Inv[] = Array.from({ length: 3 }, (_, i) => ({
      id: `i${i}`, num: `INV-${1000 + i}`, due: `12/0${i + 1}/2026`, cents: 12345 + i, po: `PO-${77 + i}`, shipTo: `Dock ${i}, 214 East Bay Street`,
    }));
    const edit = vi.fn();
    const invColumns: DataTableColumn<Inv>[] = [
      { id: 'num', header: 'Invoice', phone: 'primary', cell: (r) => r.num },
      { id: 'due', header: 'Due Date', phone: 'secondary', cell: (r) => r.due },
      { id: 'amount', header: 'Amount', phone: 'secondary', align: 'end', cell: (r) => `$${(r.cents / 100).toFixed(2)}` },
      { id: 'po', header: 'PO/REF', phone: 'detail', cell: (r) => r.po },
      { id: 'shipTo', header: 'Ship To', phone: 'detail', wrap: true, cell: (r) => r.shipTo },
      { id: 'edit', header: 'Edit', phone: 'action', cell: (r) => <button type="button" aria-label={`Edit ${r.num}`} onClick={() => edit(r.id)}>✎</button> },
    ];
    const invKey = (r: Inv) => r.id;
    const invAttrs = (r: Inv) => ({ 'data-testid': 'inv', 'data-num': r.num });
    const renderInvoices = (rows = invs, virtualizeAbove?: number) => render(
      <DataTable label="Invoices" rows={rows} rowKey={invKey} columns={invColumns} rowAttributes={invAttrs} virtualizeAbove={virtualizeAbove} />,
    );

    it('shows number, due date, amount and the action at a glance; the other values only after the disclosure is opened', async () => {
      stubNarrowViewport();
      const user = userEvent.setup();
      renderInvoices();
      const row = screen.getAllByTestId('inv')[0];
      expect(within(row).getByRole('rowheader')).toHaveTextContent('INV-1000');
      expect(within(row).getByText('12/01/2026')).toBeVisible();
      expect(within(row).getByText('$123.45')).toBeVisible();
      expect(within(row).getByRole('button', { name: 'Edit INV-1000' })).toBeVisible();
      // Collapsed: the details are hidden (not read, not in the accessibility tree).
      expect(within(row).getByText('PO-77').closest('[role=cell]')).not.toBeVisible();
      expect(within(row).queryByRole('cell', { name: /PO-77/ })).toBeNull();
      const toggle = within(row).getByRole('button', { name: 'Details INV-1000' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      // It controls exactly the detail cells.
      const controlled = toggle.getAttribute('aria-controls')!.split(' ').map((id) => document.getElementById(id));
      expect(controlled.map((el) => el?.textContent)).toEqual(['PO/REFPO-77', 'Ship ToDock 0, 214 East Bay Street']);
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(within(row).getByText('PO-77')).toBeVisible();
      expect(within(row).getByText('Dock 0, 214 East Bay Street')).toBeVisible();
      // Label/value lines: the label is shown beside the value.
      expect(within(row).getByText('Ship To')).toBeVisible();
      // Only this row opened.
      expect(within(screen.getAllByTestId('inv')[1]).getByText('PO-78')).not.toBeVisible();
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(within(row).getByText('PO-77')).not.toBeVisible();
    });

    it('is operable with the keyboard: Enter and Space open and close it, the arrow keys move to the next row’s disclosure', async () => {
      stubNarrowViewport();
      const user = userEvent.setup();
      renderInvoices();
      const toggles = () => screen.getAllByRole('button', { name: /^Details / });
      toggles()[0].focus();
      await user.keyboard('{Enter}');
      expect(toggles()[0]).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByText('PO-77')).toBeVisible();
      await user.keyboard(' ');
      expect(toggles()[0]).toHaveAttribute('aria-expanded', 'false');
      await user.keyboard('{ArrowDown}');
      expect(toggles()[1]).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(toggles()[1]).toHaveAttribute('aria-expanded', 'true');
      // The open row's detail lines add no stop between rows: ArrowDown from the second row's disclosure reaches the third's.
      await user.keyboard('{ArrowDown}');
      expect(toggles()[2]).toHaveFocus();
      // Tab order in a row: box (none here), row header, action, disclosure.
      await user.keyboard('{ArrowUp}{ArrowUp}');
      expect(toggles()[0]).toHaveFocus();
    });

    it('keeps the row’s own controls: the action works without opening the row', async () => {
      stubNarrowViewport();
      edit.mockClear();
      renderInvoices();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Edit INV-1002' }));
      expect(edit).toHaveBeenCalledWith('i2');
    });

    it('has a fixed collapsed height (two 44 px lines) and, virtualised, reserves an opened row’s extra height for the rows below only', async () => {
      stubNarrowViewport();
      const user = userEvent.setup();
      const many = Array.from({ length: 150 }, (_, i) => ({ ...invs[0], id: `m${i}`, num: `INV-${2000 + i}` }));
      renderInvoices(many, 100);
      const h = phoneRowHeightOf(invColumns);
      expect(h).toBe(8 + 2 * 44 + 1);
      const rendered = await screen.findAllByTestId('inv');
      expect(rendered[0].style.height).toBe(`${h}px`);
      const body = screen.getAllByRole('rowgroup')[1];
      const reserved = () => parseFloat(body.style.paddingTop || '0') + parseFloat(body.style.paddingBottom || '0') + screen.getAllByTestId('inv').length * h;
      expect(reserved()).toBe(150 * h);
      const bottom = () => parseFloat(body.style.paddingBottom || '0');
      const before = bottom();
      await user.click(within(rendered[0]).getByRole('button', { name: 'Details INV-2000' }));
      // The open row is no longer held to the fixed height (measured once in a browser); the space reserved for the rows
      // not rendered, above and below, does not change, and the other rows keep their fixed height: only the rows right
      // below it move, by its detail lines.
      const open = screen.getAllByTestId('inv')[0];
      expect(open.style.height).toBe('');
      expect(open.style.minHeight).toBe(`${h}px`);
      expect(within(open).getByText('PO-77')).toBeVisible();
      expect(bottom()).toBe(before);
      expect(parseFloat(body.style.paddingTop || '0')).toBe(0);
      expect(screen.getAllByTestId('inv')[1].style.height).toBe(`${h}px`);
      // Closed again: back to the fixed height.
      await user.click(within(open).getByRole('button', { name: 'Details INV-2000' }));
      expect(bottom()).toBe(before);
      expect(screen.getAllByTestId('inv')[0].style.height).toBe(`${h}px`);
    });

    it('uses the table layout at 550 px and wider: every value in its column, no disclosure, the number a row header', () => {
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
      renderInvoices();
      const row = screen.getAllByTestId('inv')[0];
      expect(screen.getByRole('table', { name: 'Invoices' })).toHaveAttribute('data-layout', 'table');
      expect(within(row).getByRole('rowheader')).toHaveTextContent('INV-1000');
      expect(within(row).queryByRole('button', { name: /^Details/ })).toBeNull();
      expect(within(row).getByRole('cell', { name: 'PO-77' })).toBeInTheDocument();
      expect(within(row).getAllByRole('cell')).toHaveLength(invColumns.length - 1);
    });
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
    expect(within(row).getByText('Item 0000').closest('[role=rowheader]')).not.toHaveAttribute('data-wrap');
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
