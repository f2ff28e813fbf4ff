/**
 * DataTable — the one table of the portal (pay page now; reports, statements, remits and messages later).
 * A page never hand-rolls its own table.
 *
 * What it does
 * - Virtualised rows (TanStack Virtual, WINDOW scrolling: the page scrolls as usual, on a phone too). Above
 *   `virtualizeAbove` rows (default 100) only the rows in view plus `overscan` are in the DOM, so 5,000 rows cost
 *   about as much as 50; shorter lists render every row. Every row has a FIXED height
 *   (`rowHeight`, or `cardHeight` in the card layout), so nothing moves when rows mount, and the space of all rows is
 *   reserved from the first paint (no layout shift).
 * - Accessible with virtualisation: ARIA table semantics on divs — `role="table"` with `aria-rowcount` (all rows + the
 *   header row), rows with `aria-rowindex` (header 1, data rows 2…), `columnheader` / `cell`. A screen reader hears
 *   "row 1,204 of 5,001" although only ~20 rows exist in the DOM.
 * - Sortable headers: a column with `compare` gets a header button; clicks cycle ascending → descending → the rows'
 *   own order; the header carries `aria-sort` (`none` while unsorted). Sorting is stable, done once per change.
 *   Uncontrolled by default (`initialSort`); pass `sort` to own it (e.g. a machine's context): a header click then
 *   only calls `onSortChange(next, columnId)` with the sort the default cycle would give, and the caller decides.
 * - Selection as a SET: pass `selection.selected` (a `ReadonlySet` of row keys, e.g. the machine's context). Each row
 *   receives only its own boolean, so toggling one row re-renders one row; select-all re-renders the rows in view.
 *   The select-all box is three-state (unchecked / mixed / checked), computed in one O(n) pass per change.
 * - Memoised rows (`React.memo`): a row re-renders only when its row object, its selected state, its position or the
 *   (stable) columns/callbacks change. So keep these STABLE: `columns` (useMemo or module-level), `rowKey`,
 *   `selection.onToggle`, `selection.onToggleAll`, `selection.rowLabel`, `rowAttributes`. Give a row a new object only
 *   when what it shows changed (e.g. fold an invoice's dispute into its row object, memoised per invoice).
 * - Card layout below 550 px (`data-layout="cards"` on the table): the select-all box keeps a visible label (its
 *   `allLabel`) beside it; each row becomes a card of label/value lines, the
 *   labels from `column.cardLabel` (or a string `header`); cards also have a fixed height (`cardHeight`, default from
 *   the columns' lines). A value takes one 36 px line and ends in an ellipsis; a column with `cardLines: n` (n > 1)
 *   wraps its value to at most n text lines (clamped) in a line of 36 + 20 × (n − 1) px, and the default card height
 *   grows by the same amount, so cards stay fixed-size (no layout shift). The table layout ignores `cardLines`. When
 *   the table is not virtualised (every row renders at once, so nothing is measured or moved), cards fit their content
 *   instead: at least that height, and a `cardLines` value shows whole, however long. Labels wrap rather than clip;
 *   a selectable card's first line leaves room for its checkbox.
 * - Nothing is cut: in the table layout every column is at least as wide as its content needs — an
 *   identifying value (invoice number, amount, date; the default) on one line, whole; a `wrap` column (free text) as
 *   wide as its longest word, wrapping at spaces; a header wraps at its spaces — and shares the rest by `width`. The
 *   rows are CSS subgrids of the table's one grid, so a column is as wide as its widest cell in any row (not per
 *   row) and the columns line up. When the columns' least widths exceed the page, the table scrolls sideways inside
 *   itself. Rows of a table that is not virtualised grow to fit wrapped text (`rowHeight` is their least height);
 *   virtualised rows keep their fixed height (their free text, if any, is clamped to the lines that fit).
 * - Row entrance (spec §9): the rows of the first render fade in over 350 ms, staggered by 10 ms per row (the first
 *   `ENTER_STAGGER_ROWS` rows; later ones start together), with opacity and a transform only — no layout shift. Rows
 *   that mount later (scrolled into view) appear at once. Off under `prefers-reduced-motion: reduce`.
 * - Keyboard: native checkboxes, buttons and links in the tab order; ArrowUp/ArrowDown move focus to the same control
 *   in the previous/next row, scrolling rows that are not rendered yet into view; the focused row is kept rendered
 *   while it scrolls out of view, so focus is never lost.
 *
 * Usage
 * ```tsx
 * const columns = useMemo<DataTableColumn<Invoice>[]>(() => [
 *   { id: 'number', header: 'Invoice', cell: (i) => i.displayInvNum, compare: (a, b) => a.displayInvNum.localeCompare(b.displayInvNum) },
 *   { id: 'amount', header: 'Amount', align: 'end', cell: (i) => formatCurrency(i.cents), compare: (a, b) => a.cents - b.cents },
 * ], []);
 * <DataTable label="Open invoices" rows={rows} rowKey={invoiceKey} columns={columns}
 *   selection={{ selected, onToggle, onToggleAll, rowLabel: (i) => `Select invoice ${i.displayInvNum}`, allLabel: 'Select all invoices' }}
 *   rowAttributes={(i) => ({ 'data-testid': 'invoice-row' })} />
 * ```
 */
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  memo, useCallback, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties, type KeyboardEvent, type ReactNode,
} from 'react';
import { cx, sva } from '../../styled-system/css';

export type SortDirection = 'ascending' | 'descending';
export type SelectAllState = 'none' | 'some' | 'all';
export interface DataTableSort {
  column: string;
  direction: SortDirection;
}

export interface DataTableColumn<T> {
  id: string;
  /** Header content (a visually hidden text is fine for icon columns). */
  header: ReactNode;
  /** The label of this value in the card layout; defaults to `header` when it is a string. Empty: no label. */
  cardLabel?: string;
  cell(row: T): ReactNode;
  /** Makes the column sortable (ascending order); the table reverses it for descending. */
  compare?(a: T, b: T): number;
  align?: 'start' | 'end';
  /**
   * The column's share of the width: the most it grows to, as a CSS track size (`1fr` by default, `1.4fr`, `19%`,
   * `10rem`). A column is never narrower than its content needs (see "Nothing is cut" in the header): the track is
   * `minmax(min-content, width)`, so a share smaller than the content gives way to the content.
   */
  width?: string;
  /** The least width when the content cannot tell it (a control such as an amount input); default `min-content`. */
  minWidth?: string;
  /**
   * Free text (a ship-to name, a subject, a message): wraps at spaces, the row grows to show it all (not virtualised);
   * its least width is its longest word. Default false: the value (an invoice number, an amount, a date) is one line,
   * never wrapped, never cut.
   */
  wrap?: boolean;
  /**
   * Card layout only: how many text lines the value may wrap to (default 1: one line, ellipsis). Each extra line adds
   * `CARD_TEXT_LINE` (20) px to the card (see `cardHeightOf`).
   */
  cardLines?: number;
}

export interface DataTableSelection<T> {
  /** Keys of the chosen rows (from `rowKey`). */
  selected: ReadonlySet<string>;
  onToggle(key: string): void;
  /** Select all when not all rows are chosen, else clear them (the caller's rule). */
  onToggleAll(): void;
  /** Accessible name of a row's checkbox. */
  rowLabel(row: T): string;
  /** Accessible name of the select-all checkbox. */
  allLabel: string;
}

export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  rows: readonly T[];
  rowKey(row: T): string;
  columns: readonly DataTableColumn<T>[];
  selection?: DataTableSelection<T>;
  /** Sorting when first shown (uncontrolled); default none (the rows' own order). Ignored when `sort` is given. */
  initialSort?: DataTableSort | null;
  /** Controlled sort (`null`: the rows' own order); header clicks then go to `onSortChange` only. */
  sort?: DataTableSort | null;
  /** A header was clicked: `next` is the default cycle's next sort, `column` the clicked column's id. */
  onSortChange?(next: DataTableSort | null, column: string): void;
  /** Height of a row in px (table layout). Default 48. */
  rowHeight?: number;
  /** Height of a card in px (card layout). Default `cardHeightOf(columns)`: 24 + 36 per column + 20 per extra `cardLines`. */
  cardHeight?: number;
  /** Rows rendered beyond the visible ones, each side. Default 8. */
  overscan?: number;
  /**
   * Lists up to this many rows render every row (still at fixed heights); longer ones are virtualised. Default 100:
   * a short list stays fully in the DOM (find in page, tests and assistive technology see every row) at no real cost.
   */
  virtualizeAbove?: number;
  /** Extra attributes of a row element (`data-*`, e.g. test ids). */
  rowAttributes?(row: T): Record<`data-${string}`, string>;
  /**
   * A line under a row's cells spanning the whole row (e.g. the remit form's comment field), or null for none. A row
   * with a detail is `rowDetailHeight` px taller (still a fixed height: nothing moves but the rows below it, on the
   * user's own action). Keep it stable (useCallback), like the other callbacks.
   */
  rowDetail?(row: T): ReactNode | null;
  /** Height of a row detail in px. Default 56. */
  rowDetailHeight?: number;
  className?: string;
}

/** The width below which rows become cards (px). */
export const CARD_LAYOUT_MAX_WIDTH = 550;
const cardQuery = `(max-width: ${CARD_LAYOUT_MAX_WIDTH - 0.02}px)`;

function subscribeMedia(query: string, cb: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(query);
  list.addEventListener?.('change', cb);
  return () => list.removeEventListener?.('change', cb);
}

/** Height of a card line (px) and of each further text line of a column with `cardLines` > 1. */
export const CARD_LINE = 36;
export const CARD_TEXT_LINE = 20;

const linesOf = (column: { cardLines?: number }) => Math.max(1, Math.floor(column.cardLines ?? 1));

/** The default card height (px): 24 of padding, one 36 px line per column, 20 px per extra text line (`cardLines`). */
export function cardHeightOf(columns: readonly { cardLines?: number }[]): number {
  return 24 + columns.reduce((sum, c) => sum + CARD_LINE + CARD_TEXT_LINE * (linesOf(c) - 1), 0);
}

/** True while the viewport is narrower than 550 px (false where `matchMedia` does not exist). */
export function useCardLayout(): boolean {
  return useSyncExternalStore(
    useCallback((cb: () => void) => subscribeMedia(cardQuery, cb), []),
    () => (typeof window !== 'undefined' && !!window.matchMedia ? window.matchMedia(cardQuery).matches : false),
    () => false,
  );
}

/** One pass: how many of `rows` are in `selected`. */
export function selectAllStateOf<T>(rows: readonly T[], rowKey: (row: T) => string, selected: ReadonlySet<string>): SelectAllState {
  let count = 0;
  for (const row of rows) if (selected.has(rowKey(row))) count++;
  if (count === 0) return 'none';
  return count === rows.length ? 'all' : 'some';
}

const dataTable = sva({
  slots: ['root', 'group', 'header', 'headerCell', 'sortButton', 'body', 'row', 'cell', 'cardLabel', 'cardValue', 'check', 'detail', 'selectAll'],
  base: {
    // overflow-x: a table whose columns' minimum widths exceed the page scrolls sideways inside itself, never the page.
    // The table is one grid (the columns' tracks); row groups and rows are subgrids of it, so every row shares the
    // column widths its widest cells give (see "Nothing is cut").
    root: {
      width: '100%', fontSize: 'sm', position: 'relative', overflowX: 'auto',
      '&[data-layout=table]': { display: 'grid', gridTemplateColumns: 'var(--dt-columns)', alignContent: 'start' },
    },
    group: { '[data-layout=table] > &': { display: 'grid', gridColumn: '1 / -1', gridTemplateColumns: 'subgrid' } },
    header: {
      display: 'grid', gridColumn: '1 / -1', gridTemplateColumns: 'subgrid', alignItems: 'center', minHeight: '44px',
      borderBottomWidth: '1px', borderColor: 'line', color: 'muted', fontWeight: '700',
      '[data-layout=cards] &': {
        display: 'flex', flexWrap: 'wrap', gap: '2', px: '2', py: '1',
        // Nothing to show (no select-all box, no sort button: every header is for screen readers only): no empty strip.
        '&:not(:has([data-sortable], [data-select]))': { minHeight: '0', p: '0', borderBottomWidth: '0' },
      },
    },
    // Header texts wrap at their spaces ("Amount Paid/Credited", "PO/REF Number") rather than being cut.
    headerCell: {
      px: '2', py: '2', textAlign: 'left', whiteSpace: 'normal', lineHeight: '1.25',
      '&[data-align=end]': { textAlign: 'right' },
      // Cards: only the select-all box and the sort buttons stay in the header.
      '[data-layout=cards] &': { px: '1', '&:not([data-sortable]):not([data-select])': { srOnly: true } },
    },
    sortButton: {
      display: 'inline-flex', alignItems: 'center', gap: '1', bg: 'transparent', color: 'inherit', font: 'inherit', cursor: 'pointer',
      minHeight: '32px', p: '0', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
      '[data-layout=cards] &': { borderWidth: '1px', borderColor: 'line', borderRadius: 'control', px: '2' },
    },
    body: { position: 'relative' },
    // No layout containment in the table layout: it would make the row a grid of its own instead of a subgrid.
    row: {
      display: 'grid', gridColumn: '1 / -1', gridTemplateColumns: 'subgrid', alignItems: 'center', boxSizing: 'border-box',
      borderBottomWidth: '1px', borderColor: 'line',
      '&[data-selected]': { bg: 'brand.50' },
      '&[data-has-detail]': { gridTemplateRows: 'minmax(0, 1fr) auto' },
      '&[data-enter]': { animation: 'rowIn 350ms ease-out both', _motionReduce: { animation: 'none' } },
      '[data-layout=cards] &': {
        display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'center', position: 'relative', contain: 'layout style',
        px: '3', py: '2', borderWidth: '1px', borderRadius: 'card', mb: '2', bg: 'white',
        '&[data-selected]': { bg: 'brand.50' },
      },
    },
    cell: {
      px: '2', whiteSpace: 'nowrap', minWidth: 0,
      '&[data-align=end]': { textAlign: 'right' },
      // Free text wraps at spaces (a word longer than the column breaks too); the row grows when not virtualised.
      '&[data-wrap]': { whiteSpace: 'normal', overflowWrap: 'break-word', lineHeight: '1.3', py: '1.5' },
      // A virtualised row keeps its fixed height: its free text shows the lines that fit.
      '&[data-wrap]:is([data-layout=table] [role=row]:not([data-fit]) > *)': { overflow: 'hidden', alignSelf: 'stretch', display: 'flex', alignItems: 'center' },
      // The first line of a selectable card leaves room for its checkbox (top right), so no value goes under it.
      '[data-layout=cards] [data-select] + &': { maxWidth: 'calc(100% - 32px)' },
      // A card that fits its content (not virtualised): a long value (an invoice number, a name) wraps, the card grows.
      '&:is([data-layout=cards] [data-fit] > *)': { height: 'auto', minHeight: '36px', whiteSpace: 'normal', overflowWrap: 'anywhere' },
      '[data-layout=cards] &': {
        display: 'flex', alignItems: 'center', gap: '2', height: '36px', px: '0', textAlign: 'left',
        // A fixed-height card (virtualised) has one line per value.
        '&:not([data-fit] > *)': { overflow: 'hidden', textOverflow: 'ellipsis' },
        '&[data-select]': { position: 'absolute', top: '2', right: '3' },
        // cardLines > 1: 8 px above and below, 20 px text lines (36 px for one line, as the other lines).
        '&[data-lines]': { height: 'calc(36px + 20px * (var(--dt-lines) - 1))', alignItems: 'flex-start', py: '8px', lineHeight: '20px', whiteSpace: 'normal' },
        '&[data-lines]:is([data-fit] > *)': { height: 'auto', minHeight: 'calc(36px + 20px * (var(--dt-lines) - 1))' },
      },
    },
    cardValue: {
      '[data-layout=cards] [data-lines] > &': { flex: '1', minWidth: 0, overflowWrap: 'anywhere', lineClamp: 'var(--dt-lines)' },
      // A card that fits its content (not virtualised): the whole text, however many lines.
      '[data-layout=cards] [data-fit] [data-lines] > &': { lineClamp: 'none' },
    },
    // Labels keep their width and wrap to a second line rather than being cut ("Amount Paid/Credited" at 375 px).
    cardLabel: {
      display: 'none',
      '[data-layout=cards] &': {
        display: 'inline-block', color: 'muted', fontWeight: '600', minWidth: '7rem', maxWidth: '45%', flexShrink: 0,
        whiteSpace: 'normal', lineHeight: '1.15', overflowWrap: 'anywhere',
      },
    },
    detail: { gridColumn: '1 / -1', px: '2', pb: '2', minWidth: 0, '[data-layout=cards] &': { px: '0' } },
    // Cards: the select-all box with its name beside it (a phone shows no column of boxes to explain it).
    selectAll: { display: 'inline-flex', alignItems: 'center', gap: '2', minHeight: '32px', cursor: 'pointer', fontWeight: '600', color: 'ink' },
    check: { width: '20px', height: '20px', accentColor: 'token(colors.brand.600)', cursor: 'pointer', m: '0', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' } },
  },
});

/** A column's grid track: never narrower than its content needs, growing to its share (see "Nothing is cut"). */
export function trackOf(column: Pick<DataTableColumn<unknown>, 'width' | 'minWidth'>): string {
  return `minmax(${column.minWidth ?? 'min-content'}, ${column.width ?? '1fr'})`;
}

/** The slot classes (no variants: computed once, so rows get the same strings every render). */
const classes = dataTable();

interface RowProps<T> {
  row: T;
  rowId: string;
  index: number;
  height: number;
  selected: boolean;
  columns: readonly DataTableColumn<T>[];
  onToggle?: (key: string) => void;
  rowLabel?: (row: T) => string;
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  /** Part of the table's first render: plays the entrance animation, delayed by its place (see the header). */
  enter: boolean;
  /** A row or card of a table that is not virtualised: at least `height`, taller when wrapped text needs it. */
  fit: boolean;
  detail?: (row: T) => ReactNode | null;
}

/** Spec §9: rows enter over 350 ms, 10 ms apart; the stagger stops after this many rows (≤ 0.6 s in all). */
export const ENTER_STAGGER_ROWS = 25;

function RowView<T>({ row, rowId, index, height, selected, columns, onToggle, rowLabel, rowAttributes, enter, fit, detail }: RowProps<T>) {
  const extra = detail?.(row) ?? null;
  const box = fit ? { minHeight: height } : { height };
  return (
    <div
      role="row" aria-rowindex={index + 2} data-index={index} data-selected={selected || undefined} data-enter={enter || undefined}
      data-has-detail={extra !== null || undefined} data-fit={fit || undefined}
      className={classes.row} style={enter ? { ...box, animationDelay: `${Math.min(index, ENTER_STAGGER_ROWS) * 10}ms` } : box}
      {...rowAttributes?.(row)}
    >
      {onToggle && rowLabel ? (
        <div role="cell" className={classes.cell} data-select="">
          <input type="checkbox" className={classes.check} checked={selected} onChange={() => onToggle(rowId)} aria-label={rowLabel(row)} />
        </div>
      ) : null}
      {columns.map((column) => {
        const lines = linesOf(column);
        return (
          <div
            role="cell" key={column.id} className={classes.cell} data-align={column.align} data-wrap={column.wrap ? '' : undefined}
            data-lines={lines > 1 ? lines : undefined} style={lines > 1 ? ({ '--dt-lines': lines } as CSSProperties) : undefined}
          >
            <span className={classes.cardLabel} aria-hidden="true">{column.cardLabel ?? (typeof column.header === 'string' ? column.header : '')}</span>
            {lines > 1 ? <span className={classes.cardValue}>{column.cell(row)}</span> : column.cell(row)}
          </div>
        );
      })}
      {extra !== null ? <div role="cell" className={classes.detail} data-detail="">{extra}</div> : null}
    </div>
  );
}

/** Memoised: a row re-renders only when one of its own props changes (see the stability rules above). */
const Row = memo(RowView) as typeof RowView;

function SelectAllBox({ state, label, onToggle, className }: { state: SelectAllState; label: string; onToggle(): void; className?: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return <input ref={ref} type="checkbox" className={className} checked={state === 'all'} onChange={onToggle} aria-label={label} />;
}

const FOCUSABLE = 'input, button, a[href], select, textarea, [tabindex]:not([tabindex="-1"])';

/** The shared table: see the header of this file. */
export function DataTable<T>({
  label, rows, rowKey, columns, selection, initialSort = null, sort: controlledSort, onSortChange, rowHeight = 48, cardHeight, overscan = 8, virtualizeAbove = 100, rowAttributes,
  rowDetail, rowDetailHeight = 56, className,
}: DataTableProps<T>) {
  const cards = useCardLayout();
  const [ownSort, setOwnSort] = useState(initialSort);
  const sort = controlledSort === undefined ? ownSort : controlledSort;
  const changeSort = (next: DataTableSort | null, column: string) => {
    if (controlledSort === undefined) setOwnSort(next);
    onSortChange?.(next, column);
  };
  const sorted = useMemo(() => {
    const column = sort ? columns.find((c) => c.id === sort.column) : undefined;
    if (!sort || !column?.compare) return rows;
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return rows.map((row, i) => ({ row, i })).sort((a, b) => sign * column.compare!(a.row, b.row) || a.i - b.i).map((x) => x.row);
  }, [rows, columns, sort]);
  const allState = useMemo(
    () => (selection ? selectAllStateOf(rows, rowKey, selection.selected) : 'none'),
    [rows, rowKey, selection?.selected], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const size = cards ? (cardHeight ?? cardHeightOf(columns)) + 8 /* card gap */ : rowHeight;
  const bodyRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The body's distance from the top of the document: the virtualizer maps window scroll to rows with it. Content
  // above may change height (a picker loading), so it is re-measured whenever the document resizes.
  useLayoutEffect(() => {
    const measure = () => {
      const el = bodyRef.current;
      if (el) setScrollMargin(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const focused = useRef<number | null>(null);
  // The rows of the first render with rows: they play the entrance; rows mounted later (scrolling) do not.
  const entering = useRef<ReadonlySet<string> | null>(null);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const f = focused.current;
    if (f !== null && f < range.count && !indexes.includes(f)) {
      indexes.push(f);
      indexes.sort((a, b) => a - b);
    }
    return indexes;
  }, []);
  const virtualized = sorted.length > virtualizeAbove;
  const heightOf = (i: number) => size + (rowDetail && rowDetail(sorted[i]) !== null ? rowDetailHeight : 0);
  const virtualizer = useWindowVirtualizer({
    count: sorted.length, estimateSize: heightOf, overscan, scrollMargin, rangeExtractor,
    getItemKey: (i) => rowKey(sorted[i]), enabled: virtualized,
  });
  useLayoutEffect(() => virtualizer.measure(), [size, virtualizer, rowDetail ? sorted : null]); // eslint-disable-line react-hooks/exhaustive-deps
  const items: Array<{ index: number }> = virtualized ? virtualizer.getVirtualItems() : sorted.map((_, index) => ({ index }));
  if (entering.current === null && items.length > 0) entering.current = new Set(items.map((item) => rowKey(sorted[item.index])));
  let padTop = 0;
  let padBottom = 0;
  if (virtualized) {
    const virtual = virtualizer.getVirtualItems();
    const total = virtualizer.getTotalSize();
    padTop = virtual.length ? virtual[0].start - scrollMargin : 0;
    padBottom = virtual.length ? total - (virtual[virtual.length - 1].end - scrollMargin) : total;
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const target = event.target as HTMLElement;
    if (target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || (target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'checkbox')) return;
    const rowEl = target.closest<HTMLElement>('[role=row][data-index]');
    if (!rowEl) return;
    const from = Number(rowEl.dataset.index);
    const next = from + (event.key === 'ArrowDown' ? 1 : -1);
    if (next < 0 || next >= sorted.length) return;
    event.preventDefault();
    const slot = [...rowEl.querySelectorAll<HTMLElement>(FOCUSABLE)].indexOf(target);
    focused.current = next;
    let tries = 0;
    // Focus at once when the row is rendered (so quick repeated keys are not lost), else after it scrolled in.
    const focusNext = () => {
      const el = bodyRef.current?.querySelector<HTMLElement>(`[data-index="${next}"]`);
      const controls = el ? [...el.querySelectorAll<HTMLElement>(FOCUSABLE)] : [];
      if (controls.length) controls[Math.max(0, Math.min(slot, controls.length - 1))].focus();
      else if (tries++ < 5) requestAnimationFrame(focusNext);
    };
    const rendered = bodyRef.current?.querySelector(`[data-index="${next}"]`);
    if (!rendered && virtualized) virtualizer.scrollToIndex(next, { align: 'auto' });
    focusNext();
  };

  const tracks = [...(selection ? ['3rem'] : []), ...columns.map(trackOf)].join(' ');
  return (
    <div
      role="table"
      aria-label={label}
      aria-rowcount={sorted.length + 1}
      data-layout={cards ? 'cards' : 'table'}
      className={cx(classes.root, className)}
      style={{ '--dt-columns': tracks } as CSSProperties}
    >
      <div role="rowgroup" className={classes.group}>
        <div role="row" aria-rowindex={1} className={classes.header}>
          {selection ? (
            <div role="columnheader" className={classes.headerCell} data-select="">
              {cards ? (
                // The name is the box's aria-label already; the text beside it is for the eye (and a larger target).
                <label className={classes.selectAll}>
                  <SelectAllBox state={allState} label={selection.allLabel} onToggle={selection.onToggleAll} className={classes.check} />
                  <span aria-hidden="true" data-select-label="">{selection.allLabel}</span>
                </label>
              ) : <SelectAllBox state={allState} label={selection.allLabel} onToggle={selection.onToggleAll} className={classes.check} />}
            </div>
          ) : null}
          {columns.map((column) => {
            const direction = sort?.column === column.id ? sort.direction : null;
            return (
              <div
                role="columnheader"
                key={column.id}
                className={classes.headerCell}
                data-align={column.align}
                data-sortable={column.compare ? '' : undefined}
                aria-sort={column.compare ? (direction ?? 'none') : undefined}
              >
                {column.compare ? (
                  <button
                    type="button"
                    className={classes.sortButton}
                    onClick={() => changeSort(direction === null ? { column: column.id, direction: 'ascending' } : direction === 'ascending' ? { column: column.id, direction: 'descending' } : null, column.id)}
                  >
                    {column.header}
                    <span aria-hidden="true">{direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}</span>
                  </button>
                ) : column.header}
              </div>
            );
          })}
        </div>
      </div>
      <div
        role="rowgroup"
        ref={bodyRef}
        className={cx(classes.group, classes.body)}
        style={{ paddingTop: padTop, paddingBottom: padBottom }}
        onKeyDown={onKeyDown}
        onFocus={(e) => {
          const el = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
          focused.current = el ? Number(el.dataset.index) : null;
        }}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) focused.current = null;
        }}
      >
        {items.map((item) => {
          const row = sorted[item.index];
          const id = rowKey(row);
          return (
            <Row
              key={id}
              row={row}
              rowId={id}
              index={item.index}
              height={size - (cards ? 8 : 0) + (rowDetail && rowDetail(row) !== null ? rowDetailHeight : 0)}
              selected={selection ? selection.selected.has(id) : false}
              columns={columns}
              onToggle={selection?.onToggle}
              rowLabel={selection?.rowLabel}
              rowAttributes={rowAttributes}
              enter={entering.current?.has(id) ?? false}
              fit={!virtualized}
              detail={rowDetail}
            />
          );
        })}
      </div>
    </div>
  );
}
