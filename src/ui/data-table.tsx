/**
 * DataTable — the one table of the portal (pay page now; reports, statements, remits and messages later).
 * A page never hand-rolls its own table.
 *
 * What it does
 * - Virtualised rows (TanStack Virtual, WINDOW scrolling: the page scrolls as usual, on a phone too). Above
 *   `virtualizeAbove` rows (default 100) only the rows in view plus `overscan` are in the DOM, so 5,000 rows cost
 *   about as much as 50; shorter lists render every row. Every row has a FIXED height
 *   (`rowHeight`, or `phoneRowHeightOf(...)` in the phone layout), so nothing moves when rows mount, and the space of all
 *   rows is reserved from the first paint (no layout shift). The one exception is a phone row the user expanded: it is
 *   measured once when it opens and the rows below it move down (the intended push-down), nothing else moves.
 * - Accessible with virtualisation: ARIA table semantics on divs — `role="table"` with `aria-rowcount` (all rows + the
 *   header row), rows with `aria-rowindex` (header 1, data rows 2…), `columnheader` / `cell`, and the identifying cell of
 *   each row (the `phone: 'primary'` column, by default the first) a `rowheader`. A screen reader hears
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
 * - Phone layout below 550 px (`data-layout="phone"` on the table): one compact row per record instead of a tall card.
 *   Each column declares its `phone` role:
 *     `primary`   — the identifying value (an invoice number), first on the row's first line, bold, the `rowheader`;
 *     `secondary` — read at a glance: the first end-aligned one (an amount) ends the first line, the others follow on
 *                   a second line, each with its label in small type ("Due Date 12/05/2026", "Status Open");
 *     `action`    — the row's main action (the pay page's edit-amount button), a 44 × 44 px target at the row's end,
 *                   within thumb reach;
 *     `detail`    — the rest, one tap away: a disclosure button per row (`aria-expanded`, `aria-controls`, named
 *                   "Details" + the row header) shows them under the row as label/value lines.
 *   Undeclared: the first column is `primary`, the next two `secondary`, the others `detail`. The select box sits at
 *   the row's start in a 44 × 44 px target (its name is `selection.rowLabel`); the select-all box keeps a visible label
 *   (its `allLabel`) in the header, beside the sort buttons. Lines are 44 px; the collapsed row has a fixed height
 *   (`phoneRowHeightOf`: 8 + 44 per line + 1). Identifying text is never ellipsised: a long value wraps within its line
 *   (not virtualised, the row grows to fit it). Expanding shows the detail lines in place (not virtualised) or is
 *   measured once with the row open (virtualised) — the rows below move down by exactly that, nothing above moves.
 * - Nothing is cut: in the table layout every column is at least as wide as its content needs — an
 *   identifying value (invoice number, amount, date; the default) on one line, whole; a `wrap` column (free text) as
 *   wide as its longest word, wrapping at spaces; a header wraps at its spaces — and shares the rest by `width`. The
 *   rows are CSS subgrids of the table's one grid, so a column is as wide as its widest cell in any row (not per
 *   row) and the columns line up. When the columns' least widths exceed the page, the table scrolls sideways inside
 *   itself. Rows of a table that is not virtualised grow to fit wrapped text (`rowHeight` is their least height);
 *   virtualised rows keep their fixed height (their free text, if any, is clamped to the lines that fit).
 * - Row entrance (spec §9): the rows of the first render fade in over 350 ms, staggered by 10 ms per row (the first
 *   `ENTER_STAGGER_ROWS` rows; later ones start together), with opacity and a transform only — no layout shift. Rows
 *   that mount later (scrolled into view) appear at once. Off under `prefers-reduced-motion: reduce`. A page painted
 *   from its HTML plays it there; the app's table that takes that screen's place does not play it again.
 * - Keyboard: native checkboxes, buttons and links in the tab order; ArrowUp/ArrowDown move focus to the same control
 *   in the previous/next row, scrolling rows that are not rendered yet into view; the focused row is kept rendered
 *   while it scrolls out of view, so focus is never lost. The disclosure is a native button (Enter / Space).
 *
 * Usage
 * ```tsx
 * const columns = useMemo<DataTableColumn<Invoice>[]>(() => [
 *   { id: 'number', header: 'Invoice', phone: 'primary', cell: (i) => i.displayInvNum, compare: (a, b) => a.displayInvNum.localeCompare(b.displayInvNum) },
 *   { id: 'amount', header: 'Amount', phone: 'secondary', align: 'end', cell: (i) => formatCurrency(i.cents), compare: (a, b) => a.cents - b.cents },
 *   { id: 'po', header: 'PO/REF', phone: 'detail', cell: (i) => i.poRefId },
 * ], []);
 * <DataTable label="Open invoices" rows={rows} rowKey={invoiceKey} columns={columns}
 *   selection={{ selected, onToggle, onToggleAll, rowLabel: (i) => `Select invoice ${i.displayInvNum}`, allLabel: 'Select all invoices' }}
 *   rowAttributes={(i) => ({ 'data-testid': 'invoice-row' })} />
 * ```
 */
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  memo, useCallback, useDeferredValue, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties, type KeyboardEvent, type ReactNode,
} from 'react';
import { cx } from '../../styled-system/css';
import { dataTable } from '../../styled-system/recipes';
import { PHONE_DETAIL_LINE, PHONE_LINE } from './data-table.constants';
import { useServerViewportWidth } from './server-viewport';
import { firstScreenPath } from './first-screen';

export type SortDirection = 'ascending' | 'descending';
export type SelectAllState = 'none' | 'some' | 'all';
export interface DataTableSort {
  column: string;
  direction: SortDirection;
}

/** What a column is in the phone row (see "Phone layout" in the header). */
export type PhoneRole = 'primary' | 'secondary' | 'action' | 'detail';

export interface DataTableColumn<T> {
  id: string;
  /** Header content (a visually hidden text is fine for icon columns). */
  header: ReactNode;
  /** The label of this value in the phone layout; defaults to `header` when it is a string. Empty: no label. */
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
   * The column's role in the phone row: `primary` (the identifying value, the row header), `secondary` (seen at a
   * glance), `action` (the row's main action, at its end) or `detail` (behind the row's disclosure). Default: the first
   * column `primary`, the next two `secondary`, the rest `detail`.
   */
  phone?: PhoneRole;
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
  /** Visible-to-screen-readers name of the phone row's disclosure, before the row header's text. Default "Details". */
  detailsLabel?: string;
  className?: string;
}

/** The width below which rows become compact phone rows (px). */
export const CARD_LAYOUT_MAX_WIDTH = 550;
const phoneQuery = `(max-width: ${CARD_LAYOUT_MAX_WIDTH - 0.02}px)`;

function subscribeMedia(query: string, cb: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(query);
  list.addEventListener?.('change', cb);
  return () => list.removeEventListener?.('change', cb);
}


/** The phone roles of the columns: the declared ones, else first `primary`, next two `secondary`, the rest `detail`. */
export function phoneRolesOf(columns: readonly { phone?: PhoneRole }[]): PhoneRole[] {
  const declaredPrimary = columns.some((c) => c.phone === 'primary');
  let seenPrimary = false;
  return columns.map((c, i) => {
    let role: PhoneRole = c.phone ?? (i === 0 && !declaredPrimary ? 'primary' : i <= 2 ? 'secondary' : 'detail');
    // One identifying value per row: a second `primary` reads as a secondary value.
    if (role === 'primary') role = seenPrimary ? 'secondary' : ((seenPrimary = true), 'primary');
    return role;
  });
}

/** The layout of a phone row: which column leads the first line's end, and how many 44 px lines the row has. */
interface PhonePlan {
  roles: PhoneRole[];
  /** Index of the secondary column that ends the first line (the first end-aligned secondary), or -1. */
  lead: number;
  /** Secondary values on the second line, and the index of the first of them (-1: none). */
  second: number;
  secondStart: number;
  action: boolean;
  details: number;
  lines: number;
}

function phonePlanOf(columns: readonly { phone?: PhoneRole; align?: 'start' | 'end' }[]): PhonePlan {
  const roles = phoneRolesOf(columns);
  const lead = columns.findIndex((c, i) => roles[i] === 'secondary' && c.align === 'end');
  const second = roles.filter((r, i) => r === 'secondary' && i !== lead).length;
  const secondStart = roles.findIndex((r, i) => r === 'secondary' && i !== lead);
  const action = roles.includes('action');
  const details = roles.filter((r) => r === 'detail').length;
  // The end column holds the action (first line) and the disclosure (the next): the row has as many lines as either side.
  const lines = Math.max(1 + (second > 0 ? 1 : 0), (action ? 1 : 0) + (details > 0 ? 1 : 0), 1);
  return { roles, lead, second, secondStart, action, details, lines };
}

/** The collapsed phone row's fixed height (px): 4 + 4 of padding, 44 per line, a 1 px rule under it. */
export function phoneRowHeightOf(columns: readonly { phone?: PhoneRole; align?: 'start' | 'end' }[]): number {
  return 8 + PHONE_LINE * phonePlanOf(columns).lines + 1;
}

const isPhoneWidth = (width: number) => width < CARD_LAYOUT_MAX_WIDTH;
/** A vertical window virtualiser picks its rows by the window's height (SERVER_WINDOW_HEIGHT on the server), not its width. */
const rowsAtAnyWidth = () => true;

/** True while the viewport is narrower than 550 px (false where `matchMedia` does not exist). */
export function usePhoneLayout(): boolean {
  const serverWidth = useServerViewportWidth(isPhoneWidth);
  return useSyncExternalStore(
    useCallback((cb: () => void) => subscribeMedia(phoneQuery, cb), []),
    () => (typeof window !== 'undefined' && !!window.matchMedia ? window.matchMedia(phoneQuery).matches : false),
    () => serverWidth !== null && isPhoneWidth(serverWidth),
  );
}
/** The former name of `usePhoneLayout`. */
export const useCardLayout = usePhoneLayout;

/** One pass: how many of `rows` are in `selected`. */
export function selectAllStateOf<T>(rows: readonly T[], rowKey: (row: T) => string, selected: ReadonlySet<string>): SelectAllState {
  let count = 0;
  for (const row of rows) if (selected.has(rowKey(row))) count++;
  if (count === 0) return 'none';
  return count === rows.length ? 'all' : 'some';
}


/** A column's grid track: never narrower than its content needs, growing to its share (see "Nothing is cut"). */
export function trackOf(column: Pick<DataTableColumn<unknown>, 'width' | 'minWidth'>): string {
  return `minmax(${column.minWidth ?? 'min-content'}, ${column.width ?? '1fr'})`;
}

/**
 * The slot classes: the table's slot recipe (./data-table.recipe.ts, in panda.config.ts) — one class per slot, its
 * conditions in the stylesheet. (As an `sva` here its atomic classes came to ~4 KB per cell: a 12-row pay page's HTML
 * was 1.5 MB, and every cell made the browser match a hundred classes.) No variants: computed once, so rows get the same
 * strings every render.
 */
const classes = dataTable();

interface RowProps<T> {
  row: T;
  rowId: string;
  index: number;
  height: number;
  selected: boolean;
  columns: readonly DataTableColumn<T>[];
  /** The columns' phone roles and the row's lines (computed once per `columns`). */
  plan: PhonePlan;
  /** The phone layout (else the table layout). */
  phoneLayout: boolean;
  /** The table's id prefix (cell ids for the row header and the disclosure). */
  idPrefix: string;
  expanded: boolean;
  onToggleDetails?: (key: string) => void;
  /** A virtualised row that opened reports its height once (the virtualiser places the rows below by it). */
  onMeasure?: (key: string, height: number) => void;
  detailsLabel: string;
  onToggle?: (key: string) => void;
  rowLabel?: (row: T) => string;
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  /** Part of the table's first render: plays the entrance animation, delayed by its place (see the header). */
  enter: boolean;
  /** A row of a table that is not virtualised: at least `height`, taller when wrapped text needs it. */
  fit: boolean;
  detail?: (row: T) => ReactNode | null;
}

/** Spec §9: rows enter over 350 ms, 10 ms apart; the stagger stops after this many rows (≤ 0.6 s in all). */
export const ENTER_STAGGER_ROWS = 25;

const Chevron = () => (
  <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

function RowView<T>({
  row, rowId, index, height, selected, columns, plan, phoneLayout, idPrefix, expanded, onToggleDetails, onMeasure, detailsLabel, onToggle, rowLabel,
  rowAttributes, enter, fit, detail,
}: RowProps<T>) {
  const extra = detail?.(row) ?? null;
  const phone = phoneLayout ? plan : null;
  const ref = useRef<HTMLDivElement>(null);
  const open = phone !== null && expanded;
  // Measured once when it opens (virtualised only: a row that fits its content moves the rows below by itself).
  useLayoutEffect(() => {
    if (open && !fit && ref.current && onMeasure) onMeasure(rowId, ref.current.getBoundingClientRect().height);
  }, [open, fit, onMeasure, rowId]);
  const box = fit || open ? { minHeight: height } : { height };
  const rowPrefix = `${idPrefix}-${index}`;
  const primaryIndex = plan.roles.indexOf('primary');
  const detailIds = phone ? columns.flatMap((c, i) => (phone.roles[i] === 'detail' ? [`${rowPrefix}-${i}`] : [])).join(' ') : '';
  const selectBox = onToggle && rowLabel
    ? <input type="checkbox" className={classes.check} checked={selected} onChange={() => onToggle(rowId)} aria-label={rowLabel(row)} />
    : null;
  return (
    <div
      ref={ref}
      role="row" aria-rowindex={index + 2} data-index={index} data-selected={selected || undefined} data-enter={enter || undefined}
      data-has-detail={extra !== null || undefined} data-fit={fit || undefined}
      data-start={phone && selectBox ? '' : undefined} data-end={phone && (phone.action || phone.details > 0) ? '' : undefined}
      data-action={phone?.action ? '' : undefined} data-expanded={open || undefined}
      className={classes.row} style={enter ? { ...box, animationDelay: `${Math.min(index, ENTER_STAGGER_ROWS) * 10}ms` } : box}
      {...rowAttributes?.(row)}
    >
      {selectBox ? (
        <div role="cell" className={classes.cell} data-select="">
          {/* Phone: the 44 px square around the box toggles it too (the box's name stays its aria-label). */}
          {phone ? <label className={classes.selectTarget}>{selectBox}</label> : selectBox}
        </div>
      ) : null}
      {columns.map((column, i) => {
        const role = phone?.roles[i];
        const isPrimary = i === primaryIndex;
        if (phone && i === phone.secondStart) {
          // The second line starts here (a zero-height break in the row's flow; not a cell, hidden from assistive technology).
          return [
            <div key={`${column.id}-break`} aria-hidden="true" className={classes.lineBreak} />,
            cellOf(column, i, role, isPrimary),
          ];
        }
        return cellOf(column, i, role, isPrimary);
      })}
      {phone && phone.details > 0 ? (
        <div role="cell" className={classes.cell} data-toggle="">
          <button
            type="button" id={`${rowPrefix}-toggle`} className={classes.toggle} aria-expanded={open} aria-controls={detailIds}
            aria-labelledby={primaryIndex >= 0 ? `${rowPrefix}-toggle ${rowPrefix}-${primaryIndex}` : undefined}
            onClick={() => onToggleDetails?.(rowId)}
          >
            <span className={classes.srText}>{detailsLabel}</span>
            <Chevron />
          </button>
        </div>
      ) : null}
      {extra !== null ? <div role="cell" className={classes.detail} data-detail="">{extra}</div> : null}
    </div>
  );

  function cellOf(column: DataTableColumn<T>, i: number, role: PhoneRole | undefined, isPrimary: boolean) {
    const label = column.cardLabel ?? (typeof column.header === 'string' ? column.header : '');
    return (
      <div
        role={isPrimary ? 'rowheader' : 'cell'} key={column.id} id={phone && (isPrimary || role === 'detail') ? `${rowPrefix}-${i}` : undefined}
        className={classes.cell} data-align={column.align} data-wrap={column.wrap ? '' : undefined}
        data-phone={role} data-lead={phone && i === phone.lead ? '' : undefined} hidden={role === 'detail' && !open ? true : undefined}
      >
        {label && !isPrimary ? <span className={classes.cardLabel} aria-hidden="true">{label}</span> : null}
        {column.cell(row)}
      </div>
    );
  }
}

/** The rows a table under a first screen starts from (see `DataTable`). */
const NO_ROWS: readonly never[] = [];

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
/** The controls of a row a user can reach (not those of its collapsed details). */
const controlsOf = (row: Element) => [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]'));

/** The shared table: see the header of this file. */
/** The window height a long list's first screen is rendered for on the server: a tall phone's, and more than a laptop's. */
export const SERVER_WINDOW_HEIGHT = 1000;

export function DataTable<T>({
  label, rows: givenRows, rowKey, columns, selection, initialSort = null, sort: controlledSort, onSortChange, rowHeight = 48, overscan = 8, virtualizeAbove = 100, rowAttributes,
  rowDetail, rowDetailHeight = 56, detailsLabel = 'Details', className,
}: DataTableProps<T>) {
  const phoneLayout = usePhoneLayout();
  // Under a first screen painted from the HTML (./first-screen.ts), where the app renders unseen beneath it, rows
  // render in the background (a transition React slices, yielding to the browser every few milliseconds), not in the
  // update that brought them: a page's rows are most of its render, and React would render them in one piece.
  // Meanwhile the table is `aria-busy`, which holds the painted screen until they are there. Once the app is on screen
  // rows render at once again (a row's controlled input must never lag behind what is typed); the server renders them
  // at once.
  const [startedUnderFirstScreen] = useState(() => firstScreenPath() !== null);
  const deferredRows = useDeferredValue(givenRows, startedUnderFirstScreen ? (NO_ROWS as readonly T[]) : undefined);
  const rows = firstScreenPath() !== null ? deferredRows : givenRows;
  const updating = rows !== givenRows;
  const idPrefix = useId().replace(/:/g, '');
  const plan = useMemo(() => phonePlanOf(columns), [columns]);
  const phone = phoneLayout ? plan : null;
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

  // Phone rows the user opened (a set of row keys, like the selection), and the heights they measured when opened.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const opened = useRef(new Map<string, number>());
  const onToggleDetails = useCallback((key: string) => setExpanded((s) => {
    const next = new Set(s);
    if (!next.delete(key)) next.add(key);
    else opened.current.delete(key);
    return next;
  }), []);

  const size = phone ? phoneRowHeightOf(columns) : rowHeight;
  const bodyRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const virtualized = sorted.length > virtualizeAbove;
  // The body's distance from the top of the document: the virtualizer maps window scroll to rows with it. Content
  // above may change height (a picker loading), so it is re-measured whenever the document resizes. Only a virtualised
  // table needs it: measuring lays the whole document out there and then (a page's first render pays for it twice).
  useLayoutEffect(() => {
    if (!virtualized) return;
    const measure = () => {
      const el = bodyRef.current;
      if (el) setScrollMargin(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [virtualized]);
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
  const heightOf = (i: number) => {
    const base = size + (rowDetail && rowDetail(sorted[i]) !== null ? rowDetailHeight : 0);
    if (!phone) return base;
    const key = rowKey(sorted[i]);
    if (!expanded.has(key)) return base;
    // Open: its measured height, or until it is measured the least it can be (a line per detail value).
    return opened.current.get(key) ?? base + plan.details * PHONE_DETAIL_LINE;
  };
  // On the server (a first screen) there is no window to measure: the rows of a window of that width and
  // SERVER_WINDOW_HEIGHT at the top of the page are rendered, as the browser's first render does before it measures —
  // without it a long list was painted with no rows at all.
  const serverWidth = useServerViewportWidth(rowsAtAnyWidth);
  const virtualizer = useWindowVirtualizer({
    count: sorted.length, estimateSize: heightOf, overscan, scrollMargin, rangeExtractor,
    getItemKey: (i) => rowKey(sorted[i]), enabled: virtualized,
    initialRect: serverWidth !== null ? { width: serverWidth, height: SERVER_WINDOW_HEIGHT } : undefined,
  });
  const [measured, setMeasured] = useState(0);
  const onMeasure = useCallback((key: string, height: number) => {
    // jsdom lays nothing out (0 px): keep the estimate there.
    if (height <= 0 || opened.current.get(key) === height) return;
    opened.current.set(key, height);
    setMeasured((n) => n + 1);
  }, []);
  // (only a virtualised table has anything to measure: the call re-renders the table, synchronously, in a layout effect)
  useLayoutEffect(() => {
    if (virtualized) virtualizer.measure();
  }, [virtualized, size, virtualizer, rowDetail ? sorted : null, phone ? expanded : null, measured]); // eslint-disable-line react-hooks/exhaustive-deps
  const items: Array<{ index: number }> = virtualized ? virtualizer.getVirtualItems() : sorted.map((_, index) => ({ index }));
  // Under a first screen painted from the HTML (./first-screen.ts) the rows already entered there: the app's rows,
  // rendered unseen beneath it, take its place as they are — replaying the entrance would blank them out again.
  if (entering.current === null && items.length > 0) entering.current = firstScreenPath() !== null ? new Set() : new Set(items.map((item) => rowKey(sorted[item.index])));
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
    const slot = controlsOf(rowEl).indexOf(target);
    focused.current = next;
    let tries = 0;
    // Focus at once when the row is rendered (so quick repeated keys are not lost), else after it scrolled in.
    const focusNext = () => {
      const el = bodyRef.current?.querySelector<HTMLElement>(`[data-index="${next}"]`);
      const controls = el ? controlsOf(el) : [];
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
      aria-busy={updating || undefined}
      aria-rowcount={sorted.length + 1}
      data-layout={phone ? 'phone' : 'table'}
      className={cx(classes.root, className)}
      style={{ '--dt-columns': tracks } as CSSProperties}
    >
      <div role="rowgroup" className={classes.group}>
        <div role="row" aria-rowindex={1} className={classes.header}>
          {selection ? (
            <div role="columnheader" className={classes.headerCell} data-select="">
              {phone ? (
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
          {phone && phone.details > 0 ? <div role="columnheader" className={classes.headerCell}>{detailsLabel}</div> : null}
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
              height={size + (rowDetail && rowDetail(row) !== null ? rowDetailHeight : 0)}
              selected={selection ? selection.selected.has(id) : false}
              columns={columns}
              plan={plan}
              phoneLayout={phone !== null}
              idPrefix={idPrefix}
              expanded={phone ? expanded.has(id) : false}
              onToggleDetails={onToggleDetails}
              onMeasure={virtualized ? onMeasure : undefined}
              detailsLabel={detailsLabel}
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
