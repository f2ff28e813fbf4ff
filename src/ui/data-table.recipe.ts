/**
 * The shared table's styles as a Panda slot recipe (panda.config.ts): one class per slot (`dt__cell`, …) with its
 * conditions in the stylesheet, instead of an `sva`'s atomic classes on every element. Imported by panda.config.ts only
 * (the app uses the generated `dataTable` from styled-system/recipes).
 */
import { PHONE_DETAIL_LINE, PHONE_LINE } from './data-table.constants';

const TARGET = `${PHONE_LINE}px`;

/** The shared table's slot recipe (src/ui/data-table.tsx; registered in panda.config.ts as `dataTable`). */
export const dataTableRecipe = {
  className: 'dt',
  slots: ['root', 'group', 'header', 'headerCell', 'sortButton', 'body', 'row', 'cell', 'cardLabel', 'check', 'detail', 'selectAll', 'selectTarget', 'toggle', 'lineBreak', 'srText'],
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
      '[data-layout=phone] &': {
        display: 'flex', flexWrap: 'wrap', gap: '2', px: '0', py: '1',
        // Nothing to show (no select-all box, no sort button: every header is for screen readers only): no empty strip.
        '&:not(:has([data-sortable], [data-select]))': { minHeight: '0', p: '0', borderBottomWidth: '0' },
      },
    },
    // Header texts wrap at their spaces ("Amount Paid/Credited", "PO/REF Number") rather than being cut.
    headerCell: {
      px: '2', py: '2', textAlign: 'left', whiteSpace: 'normal', lineHeight: '1.25',
      '&[data-align=end]': { textAlign: 'right' },
      // Phone: only the select-all box and the sort buttons stay in the header.
      '[data-layout=phone] &': { px: '0', py: '1', '&:not([data-sortable]):not([data-select])': { srOnly: true } },
    },
    sortButton: {
      display: 'inline-flex', alignItems: 'center', gap: '1', bg: 'transparent', color: 'inherit', font: 'inherit', cursor: 'pointer',
      minHeight: '32px', p: '0', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
      '[data-layout=phone] &': { borderWidth: '1px', borderColor: 'line', borderRadius: 'control', px: '2', minHeight: TARGET },
    },
    body: { position: 'relative' },
    // No layout containment in the table layout: it would make the row a grid of its own instead of a subgrid.
    row: {
      display: 'grid', gridColumn: '1 / -1', gridTemplateColumns: 'subgrid', alignItems: 'center', boxSizing: 'border-box',
      borderBottomWidth: '1px', borderColor: 'line',
      '&[data-selected]': { bg: 'brand.50' },
      '&[data-has-detail]': { gridTemplateRows: 'minmax(0, 1fr) auto' },
      '&[data-enter]': { animation: 'rowIn 350ms ease-out both', _motionReduce: { animation: 'none' } },
      // Phone: one flowing line of values between a start column (the select box) and an end column (the action above
      // the disclosure), both 44 px wide and placed on the row's padding.
      '[data-layout=phone] &': {
        display: 'flex', flexWrap: 'wrap', alignItems: 'center', alignContent: 'flex-start', columnGap: '3', position: 'relative',
        contain: 'layout style', py: '4px', pl: '1', pr: '1', overflow: 'visible',
        '&[data-start]': { pl: TARGET },
        '&[data-end]': { pr: `calc(${TARGET} + 4px)` },
      },
    },
    cell: {
      px: '2', whiteSpace: 'nowrap', minWidth: 0,
      '&[data-align=end]': { textAlign: 'right' },
      // Free text wraps at spaces (a word longer than the column breaks too); the row grows when not virtualised.
      '&[data-wrap]': { whiteSpace: 'normal', overflowWrap: 'break-word', lineHeight: '1.3', py: '1.5' },
      // A virtualised row keeps its fixed height: its free text shows the lines that fit.
      '&[data-wrap]:is([data-layout=table] [role=row]:not([data-fit]) > *)': { overflow: 'hidden', alignSelf: 'stretch', display: 'flex', alignItems: 'center' },
      '[data-layout=phone] &': {
        px: '0', py: '0', textAlign: 'left', display: 'flex', alignItems: 'center', lineHeight: '1.25',
        // Identifying values are never ellipsised: a long one wraps within its line.
        whiteSpace: 'normal', overflowWrap: 'anywhere',
        '&[hidden]': { display: 'none' },
        '&[data-select]': { position: 'absolute', left: '0', top: '4px', width: TARGET, height: TARGET, justifyContent: 'center' },
        '&[data-phone=primary]': {
          order: 0, flex: '1 1 0', minHeight: TARGET, fontWeight: '600', flexWrap: 'wrap', columnGap: '1',
          // A control in a cell is another part's element with its own (utility) classes, which outrank a recipe's
          // (cascade layers: recipes < utilities): the 44 px target is `!important` to hold.
          '& :is(a, button)': { minHeight: `${TARGET} !important`, display: 'inline-flex !important', alignItems: 'center !important' },
        },
        '&[data-phone=secondary]': { order: 3, minHeight: TARGET, gap: '1.5', flexWrap: 'wrap' },
        // The first line's end (an amount): whole, on one line, right-aligned.
        '&[data-lead]': { order: 1, ml: 'auto', fontWeight: '600', whiteSpace: 'nowrap', overflowWrap: 'normal', flexShrink: 0, justifyContent: 'flex-end' },
        '&[data-phone=action]': {
          position: 'absolute', right: '0', top: '4px', width: TARGET, height: TARGET, justifyContent: 'center',
          '& :is(a, button)': { minWidth: `${TARGET} !important`, minHeight: `${TARGET} !important`, px: '0 !important' },
        },
        '&[data-toggle]': { position: 'absolute', right: '0', top: '4px', width: TARGET, height: TARGET, justifyContent: 'center' },
        '&[data-toggle]:is([data-action] > *)': { top: `calc(4px + ${TARGET})` },
        // Expanded: the other values as label/value lines under the row.
        '&[data-phone=detail]': { order: 4, flexBasis: '100%', minHeight: `${PHONE_DETAIL_LINE}px`, gap: '2', py: '1' },
      },
    },
    // Labels: hidden in the table layout (the header names the column). Phone: small before a value seen at a glance,
    // a column of their own in the expanded lines; they wrap rather than being cut.
    cardLabel: {
      display: 'none',
      '[data-layout=phone] [data-phone=secondary]:not([data-lead]) > &': { display: 'inline', color: 'muted', fontSize: 'xs', fontWeight: '600' },
      '[data-layout=phone] [data-phone=detail] > &': {
        display: 'inline-block', color: 'muted', fontWeight: '600', minWidth: '7rem', maxWidth: '45%', flexShrink: 0,
        whiteSpace: 'normal', lineHeight: '1.15', overflowWrap: 'anywhere',
      },
    },
    lineBreak: { display: 'none', '[data-layout=phone] &': { display: 'block', order: 2, flexBasis: '100%', height: '0' } },
    detail: { gridColumn: '1 / -1', px: '2', pb: '2', minWidth: 0, '[data-layout=phone] &': { px: '0', order: 5, flexBasis: '100%' } },
    // Phone: the select-all box with its name beside it (a phone shows no column of boxes to explain it).
    selectAll: { display: 'inline-flex', alignItems: 'center', gap: '2', minHeight: TARGET, cursor: 'pointer', fontWeight: '600', color: 'ink', pl: '3', pr: '1' },
    // Phone: the whole 44 × 44 px square toggles the row's box.
    selectTarget: { display: 'flex', alignItems: 'center', justifyContent: 'center', width: TARGET, height: TARGET, cursor: 'pointer' },
    toggle: {
      display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: TARGET, height: TARGET, p: '0', bg: 'transparent',
      color: 'brand.700', borderRadius: 'control', cursor: 'pointer', fontSize: 'lg', lineHeight: '1',
      _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '-3px' },
      '& svg': { transition: 'transform 150ms ease-out', _motionReduce: { transition: 'none' } },
      '&[aria-expanded=true] svg': { transform: 'rotate(180deg)' },
    },
    srText: { srOnly: true },
    check: { width: '20px', height: '20px', accentColor: 'token(colors.brand.600)', cursor: 'pointer', m: '0', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' } },
  },
};
