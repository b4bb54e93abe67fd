import type { CleanResult, Verdict } from '../../src/domain/core/clean.js';
import type { Cluster, ClusterMember, ClusterResult } from '../../src/domain/core/clusters.js';
import { NOISE_CLASSES, reasonWords, VERDICTS } from '../../src/services/files/core-workbook-words.js';
import { byId, h, renderGroupedTable, renderSortableTable, type RowGroup, type SortableColumn, type SortState } from './dom.js';
import { formatNumber, lang, t } from './i18n.js';

/** core_clean's answer: sent back whole to core_workbook with the specialist's verdicts, so they survive. */
export type CleanAnswer = CleanResult;

/** A cluster's member as the page keeps it: a phrase the specialist moved names the cluster it came from. */
type MovedMember = ClusterMember & { moved_from?: string };
/**
 * core_clusters' answer with the specialist's moves, as core_workbook takes it back (`clusters`): a moved member
 * sits in its new cluster's `members` (or in `unclustered`) with `moved_from` the id of the cluster the service put
 * it in (`unclustered` when it was in none); moved back, it loses `moved_from`. Volumes and counts follow the moves.
 */
export interface ClustersAnswer extends ClusterResult {
  clusters: (Cluster & { members: MovedMember[] })[];
  unclustered: MovedMember[];
  counts: { phrases: number; clusters: number; unclustered: number };
}

/** The place of a phrase in no cluster, in `moved_from` and in the move select (cluster ids begin with `c`). */
const UNCLUSTERED = 'unclustered';

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

  /** The clusters answer as edited, where each of its phrases sits now, and where the service put it. */
  let clusters: ClustersAnswer | undefined;
  let places = new Map<string, { group: string; member: MovedMember; list: MovedMember[] }>();
  const originalGroup = new Map<string, string>();
  const clusterSummary = byId('core-cluster-summary');

  const placeAll = () => {
    places = new Map();
    for (const cluster of clusters!.clusters) for (const member of cluster.members) places.set(member.phrase, { group: cluster.id, member, list: cluster.members });
    for (const member of clusters!.unclustered) places.set(member.phrase, { group: UNCLUSTERED, member, list: clusters!.unclustered });
  };
  const clusterById = (id: string) => clusters!.clusters.find((c) => c.id === id);
  const groupName = (group: string | undefined) => (group === undefined ? '' : group === UNCLUSTERED ? t('coreUnclustered') : (clusterById(group)?.marker ?? group));
  const sharedText = (i: number) => {
    const member = places.get(clean!.phrases[i]!.phrase)?.member;
    return member ? formatNumber(member.shared) : '—';
  };
  /** Known volumes summed, each phrase once (as core_clusters sums them). */
  const volumeOf = (members: readonly MovedMember[]) => members.reduce((sum, m) => sum + (m.volume ?? 0), 0);

  /** The answer's own figures after a move: each cluster's volume, the counts. */
  const recountClusters = () => {
    const c = clusters!;
    for (const cluster of c.clusters) cluster.volume = volumeOf(cluster.members);
    const clustered = c.clusters.reduce((sum, cluster) => sum + cluster.members.length, 0);
    c.counts = { phrases: clustered + c.unclustered.length, clusters: c.clusters.length, unclustered: c.unclustered.length };
  };

  const movedCount = () => [...places.values()].filter((place) => place.member.moved_from !== undefined).length;

  const renderClusterSummary = () => {
    const c = clusters!;
    const parts = [t('coreClusterSummary', { clusters: formatNumber(c.clusters.filter((cluster) => cluster.members.length > 0).length), clustered: formatNumber(c.counts.phrases - c.counts.unclustered), unclustered: formatNumber(c.counts.unclustered) })];
    const moved = movedCount();
    if (moved > 0) parts.push(t('coreMovedCount', { n: formatNumber(moved) }));
    clusterSummary.textContent = parts.join(' · ');
  };

  /** Moves a phrase's member object to another cluster's members (or to unclustered), by volume after the marker. */
  const move = (phrase: string, to: string) => {
    const place = places.get(phrase);
    const target = to === UNCLUSTERED ? clusters!.unclustered : clusterById(to)?.members;
    if (!place || !target || place.group === to) return;
    place.list.splice(place.list.indexOf(place.member), 1);
    if (originalGroup.get(phrase) === to) delete place.member.moved_from;
    else place.member.moved_from = originalGroup.get(phrase)!;
    const marker = to === UNCLUSTERED ? undefined : clusterById(to)!.marker;
    const from = target[0]?.phrase === marker ? 1 : 0;
    const at = target.findIndex((m, k) => k >= from && (m.volume ?? -1) < (place.member.volume ?? -1));
    target.splice(at < 0 ? target.length : at, 0, place.member);
    placeAll();
    recountClusters();
  };

  /** The groups of the table: each cluster (its marker pinned first), the unclustered, then the phrases not sent. */
  const groupsOf = (rows: readonly number[]): RowGroup<number>[] => {
    const c = clusters!;
    const byGroup = new Map<string, number[]>();
    for (const i of rows) {
      const group = places.get(clean!.phrases[i]!.phrase)?.group ?? '';
      const list = byGroup.get(group);
      if (list) list.push(i);
      else byGroup.set(group, [i]);
    }
    const head = (name: string, members: number, volume: number | null, extra = '') =>
      h(
        'span',
        { class: 'group-title' },
        h('strong', {}, name),
        ' ',
        h('span', { class: 'meta' }, [t('coreGroupCount', { n: formatNumber(members) }), ...(volume === null ? [] : [t('coreGroupVolume', { volume: formatNumber(volume) })]), ...(extra ? [extra] : [])].join(' · ')),
      );
    const groups: RowGroup<number>[] = c.clusters.map((cluster) => {
      const all = byGroup.get(cluster.id) ?? [];
      const isMarker = (i: number) => clean!.phrases[i]!.phrase === cluster.marker;
      const markerGone = !cluster.members.some((m) => m.phrase === cluster.marker);
      return {
        id: cluster.id,
        head: head(cluster.marker, cluster.members.length, cluster.volume, markerGone ? t('coreMarkerMoved') : ''),
        pinned: all.filter(isMarker),
        rows: all.filter((i) => !isMarker(i)),
      };
    });
    groups.push({ id: UNCLUSTERED, head: head(t('coreUnclustered'), c.unclustered.length, volumeOf(c.unclustered)), pinned: [], rows: byGroup.get(UNCLUSTERED) ?? [] });
    const notSent = byGroup.get('') ?? [];
    const notSentTotal = clean!.phrases.filter((p) => !places.has(p.phrase)).length;
    groups.push({ id: 'not-sent', head: head(t('coreNotSentGroup'), notSentTotal, null), pinned: [], rows: notSent });
    return groups;
  };

  const rowAttributes = (i: number): Record<string, string | undefined> => {
    const phrase = clean!.phrases[i]!.phrase;
    const place = places.get(phrase);
    const marker = place && place.group !== UNCLUSTERED && clusterById(place.group)?.marker === phrase;
    return { class: marker ? 'marker' : place?.group === UNCLUSTERED || !place ? 'loose' : 'member', 'data-phrase': phrase, 'data-group': place?.group ?? '' };
  };

  const phraseCell = (i: number) => {
    const phrase = clean!.phrases[i]!.phrase;
    const place = places.get(phrase);
    const isMarker = place && place.group !== UNCLUSTERED && clusterById(place.group)?.marker === phrase;
    return isMarker ? h('span', {}, phrase, ' ', h('span', { class: 'marker-tag' }, t('coreMarker'))) : document.createTextNode(phrase);
  };

  /** An option per cluster (by its marker) and one for unclustered; filled when the select is first used. */
  const fillOptions = (select: HTMLSelectElement) => {
    if (select.dataset.full) return;
    const current = select.value;
    select.replaceChildren(
      ...clusters!.clusters.map((cluster) => h('option', { value: cluster.id }, cluster.marker)),
      h('option', { value: UNCLUSTERED }, t('coreUnclustered')),
    );
    select.value = current;
    select.dataset.full = 'true';
  };

  /** The move control: a select naming the phrase's cluster (its other options are made when it is first used). */
  const moveCell = (i: number): Node => {
    const phrase = clean!.phrases[i]!.phrase;
    const place = places.get(phrase);
    if (!place) return h('span', { class: 'meta' }, t('coreNotSent'));
    const moved = place.member.moved_from !== undefined;
    const select = h(
      'select',
      { class: `move${moved ? ' moved' : ''}`, 'data-phrase': phrase, 'aria-label': t('coreMoveLabel', { phrase }) + (moved ? ` (${t('coreMoved')})` : '') },
      h('option', { value: place.group }, groupName(place.group)),
    );
    for (const event of ['focus', 'pointerdown', 'mousedown']) select.addEventListener(event, () => fillOptions(select));
    if (!moved) return select;
    return h('span', { class: 'move-cell' }, select, h('span', { class: 'edited-mark' }, ` ✎ ${t('coreMoved')}`));
  };

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
    const grouped: SortableColumn<number>[] = clusters
      ? [
          { key: 'cluster', header: t('coreCluster'), cell: (i) => groupName(places.get(p(i).phrase)?.group), node: moveCell, sortValue: (i) => groupName(places.get(p(i).phrase)?.group) },
          { key: 'shared', header: t('coreShared'), cell: (i) => sharedText(i), numeric: true, sortValue: (i) => places.get(p(i).phrase)?.member.shared ?? null },
        ]
      : [];
    return [
      { key: 'phrase', header: t('phrase'), cell: (i) => p(i).phrase, node: clusters ? phraseCell : undefined, sortValue: (i) => p(i).phrase },
      { key: 'volume', header: t('coreVolume'), cell: (i) => (p(i).volume === null ? '—' : formatNumber(p(i).volume!)), numeric: true, sortValue: (i) => p(i).volume },
      ...grouped,
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
    if (clusters) {
      renderGroupedTable(table, t('coreHeading'), columns(), groupsOf(rows), t('empty'), sort, render, rowAttributes);
      renderClusterSummary();
    } else {
      renderSortableTable(table, t('coreHeading'), columns(), rows, t('empty'), sort, render);
    }
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
  // A move re-groups the table at once; focus follows the phrase's select to its new cluster.
  table.addEventListener('change', (event) => {
    const select = (event.target as HTMLElement).closest<HTMLSelectElement>('select.move');
    if (!select || !clusters) return;
    const phrase = select.dataset.phrase!;
    move(phrase, select.value);
    render();
    const next = [...table.querySelectorAll<HTMLSelectElement>('select.move')].find((s) => s.dataset.phrase === phrase);
    next?.focus();
  });
  hideDropped.addEventListener('change', render);
  hideDuplicates.addEventListener('change', render);

  return {
    /** Shows a new clean answer (edits of the one before are gone with it). */
    show(answer: CleanAnswer) {
      clean = answer;
      original.clear();
      clusters = undefined;
      clusterSummary.textContent = '';
      render();
    },
    /** Groups the table by a clusters answer of its phrases (moves of the one before are gone with it). */
    showClusters(answer: ClustersAnswer) {
      clusters = answer;
      placeAll();
      originalGroup.clear();
      for (const [phrase, place] of places) originalGroup.set(phrase, place.group);
      render();
    },
    relabel: render,
    /** The clean answer with the specialist's verdicts, or undefined before any. */
    current: (): CleanAnswer | undefined => clean,
    /** The clusters answer with the specialist's moves, or undefined before clustering. */
    clusters: (): ClustersAnswer | undefined => clusters,
  };
}
