import type { CleanResult, Verdict } from '../../src/domain/core/clean.js';
import { NOISE_CLASSES, reasonWords, VERDICTS } from '../../src/services/files/core-workbook-words.js';
import { byId, h, renderSortableTable, type SortableColumn, type SortState } from './dom.js';
import { formatNumber, lang, t } from './i18n.js';

/** core_clean's answer: sent back whole to core_workbook with the specialist's verdicts, so they survive. */
export type CleanAnswer = CleanResult;

/** A click moves the verdict one step on: keep → review → drop → keep. */
const NEXT: Record<Verdict, Verdict> = { keep: 'review', review: 'drop', drop: 'keep' };
/** Verdicts sort by how much the phrase stays: keep first when descending. */
const RANK: Record<Verdict, number> = { keep: 3, review: 2, drop: 1 };

// The page says verdicts, reasons and noise classes in the workbook's words (one catalogue for both).
const verdictText = (verdict: Verdict) => VERDICTS[verdict]![lang()];
const noiseText = (noise: string[]) => noise.map((c) => NOISE_CLASSES[c]?.[lang()] ?? c).join(', ');

/**
 * The cleaned core as a table: sortable, filtered (hide dropped, hide duplicates), with the verdict a button that
 * cycles keep → review → drop and marks the row as edited. The edits live in the clean answer itself, which the
 * workbook request carries back.
 */
export function createCoreTable() {
  const table = byId<HTMLTableElement>('core-table');
  let clean: CleanAnswer | undefined;
  /** The service's verdict of each edited phrase (by index), so a full cycle back un-marks it. */
  const original = new Map<number, Verdict>();
  const sort: SortState = { key: undefined, descending: true };
  const hideDropped = byId<HTMLInputElement>('core-hide-dropped');
  const hideDuplicates = byId<HTMLInputElement>('core-hide-duplicates');

  const verdictButton = (index: number) => {
    const p = clean!.phrases[index]!;
    const edited = original.has(index);
    const button = h(
      'button',
      {
        type: 'button',
        class: `verdict verdict-${p.verdict}${edited ? ' edited' : ''}`,
        'data-index': String(index),
        'data-verdict': p.verdict,
        'aria-label': t('coreVerdictButton', { phrase: p.phrase, verdict: verdictText(p.verdict) }) + (edited ? ` (${t('coreEdited')})` : ''),
      },
      verdictText(p.verdict),
    );
    if (edited) button.append(h('span', { class: 'edited-mark' }, ` ✎ ${t('coreEdited')}`));
    return button;
  };

  const columns = (): SortableColumn<number>[] => {
    const p = (i: number) => clean!.phrases[i]!;
    return [
      { key: 'phrase', header: t('phrase'), cell: (i) => p(i).phrase, sortValue: (i) => p(i).phrase },
      { key: 'volume', header: t('coreVolume'), cell: (i) => (p(i).volume === null ? '—' : formatNumber(p(i).volume!)), numeric: true, sortValue: (i) => p(i).volume },
      { key: 'verdict', header: t('coreVerdict'), cell: (i) => verdictText(p(i).verdict), node: verdictButton, sortValue: (i) => RANK[p(i).verdict] },
      { key: 'reason', header: t('coreReason'), cell: (i) => reasonWords(p(i).reason, lang()), sortValue: (i) => p(i).reason },
      { key: 'noise', header: t('coreNoise'), cell: (i) => noiseText(p(i).noise), sortValue: (i) => (p(i).noise.length > 0 ? noiseText(p(i).noise) : null) },
      { key: 'duplicate_of', header: t('coreDuplicateOf'), cell: (i) => p(i).duplicate_of ?? '', sortValue: (i) => p(i).duplicate_of },
    ];
  };

  /** The tallies of the summary line, counted from the verdicts as they are now (edits included). */
  const recount = () => {
    const counts = { keep: 0, review: 0, drop: 0, duplicates: 0 };
    let addressable: number | null = null;
    for (const p of clean!.phrases) {
      counts[p.verdict]++;
      if (p.duplicate_of !== null) counts.duplicates++;
      // core_clean's rule (src/domain/core/clean.ts): kept volumes; duplicates are dropped unless the specialist keeps one.
      if (p.verdict === 'keep' && typeof p.volume === 'number') addressable = (addressable ?? 0) + p.volume;
    }
    clean!.counts = counts;
    clean!.addressable_volume = addressable;
  };

  const renderSummary = (shown: number) => {
    const c = clean!.counts;
    const parts = [t('coreSummary', { keep: formatNumber(c.keep), review: formatNumber(c.review), drop: formatNumber(c.drop), duplicates: formatNumber(c.duplicates) })];
    if (clean!.addressable_volume !== null) parts.push(t('coreAddressable', { volume: formatNumber(clean!.addressable_volume) }));
    if (original.size > 0) parts.push(t('coreEditedCount', { n: formatNumber(original.size) }));
    byId('core-summary').textContent = parts.join(' · ');
    byId('core-shown').textContent = t('coreShown', { shown: formatNumber(shown), total: formatNumber(clean!.phrases.length) });
  };

  const render = () => {
    if (!clean) return;
    const rows = clean.phrases
      .map((_, i) => i)
      .filter((i) => !(hideDropped.checked && clean!.phrases[i]!.verdict === 'drop') && !(hideDuplicates.checked && clean!.phrases[i]!.duplicate_of !== null));
    renderSortableTable(table, t('coreHeading'), columns(), rows, t('empty'), sort, render);
    renderSummary(rows.length);
  };

  // One listener for every verdict button: the row stays where it is (a hidden verdict goes at the next render),
  // and focus stays on the button, so the keyboard can cycle it again.
  table.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button.verdict');
    if (!button || !clean) return;
    const index = Number(button.dataset.index);
    const p = clean.phrases[index]!;
    if (!original.has(index)) original.set(index, p.verdict);
    p.verdict = NEXT[p.verdict];
    if (original.get(index) === p.verdict) original.delete(index);
    recount();
    const next = verdictButton(index);
    button.replaceWith(next);
    next.focus();
    renderSummary(table.tBodies[0]?.rows.length ?? 0);
  });
  hideDropped.addEventListener('change', render);
  hideDuplicates.addEventListener('change', render);

  return {
    /** Shows a new clean answer (edits of the one before are gone with it). */
    show(answer: CleanAnswer) {
      clean = answer;
      original.clear();
      render();
    },
    relabel: render,
    /** The clean answer with the specialist's verdicts, or undefined before any. */
    current: (): CleanAnswer | undefined => clean,
  };
}
