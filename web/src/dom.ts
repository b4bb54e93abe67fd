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
}

/** Replaces the table's content: a header row (scope=col) and one row per item. */
export function renderTable<R>(table: HTMLTableElement, caption: string, columns: Column<R>[], rows: readonly R[], empty: string): void {
  const head = h('thead', {}, h('tr', {}, ...columns.map((c) => h('th', { scope: 'col', class: c.numeric ? 'num' : undefined }, c.header))));
  const body = h('tbody');
  if (rows.length === 0) body.append(h('tr', {}, h('td', { colspan: String(columns.length) }, empty)));
  for (const row of rows) body.append(h('tr', {}, ...columns.map((c) => h('td', { class: c.numeric ? 'num' : undefined }, c.cell(row)))));
  table.replaceChildren(h('caption', { class: 'visually-hidden' }, caption), head, body);
}
