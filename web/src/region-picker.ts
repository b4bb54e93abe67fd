import { api, showMeta } from './api.js';
import { byId, h } from './dom.js';
import { lang, t } from './i18n.js';

/** A region as /v2/stats/region_search answers it. */
export interface RegionOption {
  regionId: number;
  regionName: string;
  regionNameEn: string;
  regionType: string;
  parentName: string;
  parentNameEn?: string;
}

export const regionLabel = (region: Pick<RegionOption, 'regionName' | 'regionNameEn'>): string =>
  lang() === 'ru' ? region.regionName : region.regionNameEn;

/** The parent's name in the page's language (English from `parentNameEn`). */
const parentLabel = (region: RegionOption): string => (lang() === 'ru' ? region.parentName : (region.parentNameEn ?? region.parentName));

export interface RegionPickerOptions {
  /** The ids' prefix of this picker's elements (`{prefix}-input`, `-options`, `-chips`, `-meta`): one page, two pickers. */
  prefix?: string;
  /** One region at most (an operation with a single `region`): a new pick replaces the chip. */
  single?: boolean;
}

/**
 * Lookup-as-you-type (ARIA 1.2 combobox with a listbox): typing asks /v2/stats/region_search (free), arrows
 * move through the options, Enter picks, Escape closes; picked regions are chips with a remove button.
 */
export function createRegionPicker(onError: (error: unknown) => void, { prefix = 'region', single = false }: RegionPickerOptions = {}) {
  const input = byId<HTMLInputElement>(`${prefix}-input`);
  const list = byId<HTMLUListElement>(`${prefix}-options`);
  const chips = byId<HTMLUListElement>(`${prefix}-chips`);
  const picked = new Map<number, RegionOption>();
  let options: RegionOption[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;

  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };

  const renderOptions = () => {
    list.replaceChildren(
      ...options.map((region, i) =>
        h(
          'li',
          { role: 'option', id: `${prefix}-option-${i}`, 'aria-selected': String(i === active), 'data-region-id': String(region.regionId) },
          regionLabel(region),
          h('span', { class: 'muted' }, ` · ${t(region.regionType as 'city')}${parentLabel(region) ? `, ${parentLabel(region)}` : ''}`),
        ),
      ),
    );
    if (options.length === 0) list.append(h('li', { class: 'muted', 'aria-disabled': 'true' }, t('noRegions')));
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    if (active >= 0) input.setAttribute('aria-activedescendant', `${prefix}-option-${active}`);
    else input.removeAttribute('aria-activedescendant');
    list.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  };

  const renderChips = () => {
    chips.replaceChildren(
      ...[...picked.values()].map((region) =>
        h(
          'li',
          { 'data-region-id': String(region.regionId) },
          regionLabel(region),
          h('button', { type: 'button', 'aria-label': `${t('removeRegion')} ${regionLabel(region)}`, 'data-remove': String(region.regionId) }, '×'),
        ),
      ),
    );
  };

  const pick = (region: RegionOption | undefined) => {
    if (!region) return;
    if (single) picked.clear();
    picked.set(region.regionId, region);
    input.value = '';
    close();
    renderChips();
  };

  const lookup = async () => {
    const query = input.value.trim();
    const ticket = ++asked;
    if (!query) return close();
    try {
      const answer = await api<{ regions: RegionOption[] }>('POST', '/v2/stats/region_search', { query, limit: 10 });
      if (ticket !== asked) return; // a newer keystroke already asked
      showMeta(byId(`${prefix}-meta`), answer); // the lookup is free: cost 0
      options = answer.body.regions;
      active = options.length > 0 ? 0 : -1;
      renderOptions();
    } catch (error) {
      onError(error);
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(lookup, 150);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (list.hidden) return void lookup();
      event.preventDefault();
      if (options.length === 0) return;
      active = (active + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length;
      renderOptions();
    } else if (event.key === 'Enter' && !list.hidden) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape') {
      close();
    } else if (event.key === 'Backspace' && input.value === '' && picked.size > 0) {
      picked.delete([...picked.keys()].at(-1)!);
      renderChips();
    }
  });
  input.addEventListener('blur', () => setTimeout(close, 150));
  list.addEventListener('mousedown', (event) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[data-region-id]');
    if (!item) return;
    event.preventDefault();
    pick(options.find((r) => String(r.regionId) === item.dataset.regionId));
  });
  chips.addEventListener('click', (event) => {
    const id = (event.target as HTMLElement).closest<HTMLElement>('[data-remove]')?.dataset.remove;
    if (!id) return;
    picked.delete(Number(id));
    renderChips();
    input.focus();
  });

  return {
    /** The picked region ids, in picking order. */
    ids: (): number[] => [...picked.keys()],
    /** Re-labels chips after a language switch. */
    relabel: renderChips,
  };
}
