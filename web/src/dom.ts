/** The element with this id (the page's HTML defines them all). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from the page`);
  return element as T;
}

/** A new element with attributes and children; text children become text nodes (never parsed as HTML). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | undefined> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** One column of a table: its header and how a row shows in it (numbers right-aligned). */
export interface Column<R> {
  header: string;
  cell: (row: R) => string;
  numeric?: boolean;
  /** What the cell holds when it is more than text (a button); `cell` still names it (sorting, tests). */
  node?: (row: R) => Node;
}

/** Replaces the table's content: a header row (scope=col) and one row per item. */
export function renderTable<R>(table: HTMLTableElement, caption: string, columns: Column<R>[], rows: readonly R[], empty: string): void {
  const head = h('thead', {}, h('tr', {}, ...columns.map((c) => h('th', { scope: 'col', class: c.numeric ? 'num' : undefined }, c.header))));
  const body = h('tbody');
  if (rows.length === 0) body.append(h('tr', {}, h('td', { colspan: String(columns.length) }, empty)));
  for (const row of rows) body.append(h('tr', {}, ...columns.map((c) => h('td', { class: c.numeric ? 'num' : undefined }, c.node ? c.node(row) : c.cell(row)))));
  table.replaceChildren(h('caption', { class: 'visually-hidden' }, caption), head, body);
}

/** A column the reader can sort by: its value for ordering (null sorts last either way). */
export interface SortableColumn<R> extends Column<R> {
  key: string;
  sortValue: (row: R) => number | string | null;
}

export interface SortState {
  key: string | undefined;
  descending: boolean;
}

/**
 * renderTable with sort buttons in the headers: a click sorts by that column (numbers from the largest first,
 * text A→Z), a second click reverses; `aria-sort` tells screen readers the order. `state` is kept by the caller
 * across renders (a language switch, new rows); `onSort` re-renders.
 */
export function renderSortableTable<R>(
  table: HTMLTableElement,
  caption: string,
  columns: SortableColumn<R>[],
  rows: readonly R[],
  empty: string,
  state: SortState,
  onSort: () => void,
): void {
  const column = columns.find((c) => c.key === state.key);
  const sorted = column ? [...rows].sort(compareBy(column, state.descending)) : rows;
  renderTable(table, caption, columns, sorted, empty);
  sortButtons(table, columns, state, onSort);
}

/** The header cells as sort buttons, with `aria-sort` saying the order. */
function sortButtons<R>(table: HTMLTableElement, columns: SortableColumn<R>[], state: SortState, onSort: () => void): void {
  table.querySelectorAll('thead th').forEach((th, i) => {
    const c = columns[i]!;
    const button = h('button', { type: 'button', class: 'sort', 'data-key': c.key }, c.header);
    th.replaceChildren(button);
    th.setAttribute('aria-sort', c.key === state.key ? (state.descending ? 'descending' : 'ascending') : 'none');
    button.addEventListener('click', () => {
      state.descending = state.key === c.key ? !state.descending : Boolean(c.numeric);
      state.key = c.key;
      onSort();
    });
  });
}

function compareBy<R>(column: SortableColumn<R>, descending: boolean) {
  return (a: R, b: R) => {
    const x = column.sortValue(a);
    const y = column.sortValue(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return descending ? -order : order;
  };
}

/** A group of rows under its own header row: `pinned` rows first as they are, then `rows` in the table's order. */
export interface RowGroup<R> {
  id: string;
  /** The group's header (its name and totals), in a row of its own. */
  head: Node;
  pinned: readonly R[];
  rows: readonly R[];
}

/**
 * renderSortableTable for grouped rows: one <tbody> per group, its header row first (a `th scope=rowgroup` spanning
 * the columns), then its pinned rows, then its other rows sorted by the chosen column. Groups with no rows are left
 * out; `rowAttributes` gives each row its class and data attributes.
 */
export function renderGroupedTable<R>(
  table: HTMLTableElement,
  caption: string,
  columns: SortableColumn<R>[],
  groups: readonly RowGroup<R>[],
  empty: string,
  state: SortState,
  onSort: () => void,
  rowAttributes: (row: R) => Record<string, string | undefined> = () => ({}),
): void {
  const column = columns.find((c) => c.key === state.key);
  const head = h('thead', {}, h('tr', {}, ...columns.map((c) => h('th', { scope: 'col', class: c.numeric ? 'num' : undefined }, c.header))));
  const row = (r: R) => h('tr', rowAttributes(r), ...columns.map((c) => h('td', { class: c.numeric ? 'num' : undefined }, c.node ? c.node(r) : c.cell(r))));
  const bodies = groups
    .filter((g) => g.pinned.length + g.rows.length > 0)
    .map((g) => {
      const sorted = column ? [...g.rows].sort(compareBy(column, state.descending)) : g.rows;
      const title = h('tr', { class: 'group-head' }, h('th', { scope: 'rowgroup', colspan: String(columns.length) }, g.head));
      return h('tbody', { 'data-group': g.id }, title, ...g.pinned.map(row), ...sorted.map(row));
    });
  if (bodies.length === 0) bodies.push(h('tbody', {}, h('tr', {}, h('td', { colspan: String(columns.length) }, empty))));
  table.replaceChildren(h('caption', { class: 'visually-hidden' }, caption), head, ...bodies);
  sortButtons(table, columns, state, onSort);
}
