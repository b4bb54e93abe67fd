import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './service-process.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function (name and file:line) of a V8 .cpuprofile, largest first, as shares of all samples. */
export function selfTimes(profile: CpuProfile): { name: string; where: string; share: number }[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const time = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const where = frame.url ? `${shorten(frame.url)}:${frame.lineNumber + 1}` : '';
    const key = `${frame.functionName || '(anonymous)'}\t${where}`;
    time.set(key, (time.get(key) ?? 0) + delta);
    total += delta;
  });
  return [...time.entries()]
    .map(([key, t]) => {
      const [name, where] = key.split('\t') as [string, string];
      return { name, where, share: t / total };
    })
    .sort((a, b) => b.share - a.share);
}

function shorten(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  return path.startsWith(ROOT) ? relative(ROOT, path) : path;
}

/** Where a frame's code lives, coarsely: an npm package, a folder of ours, or a part of Node. */
function areaOf(url: string): string {
  if (!url) return '(native / V8)';
  const path = shorten(url);
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return pkg[1]!;
  if (path.startsWith('node:internal/deps/')) return path.split('/').slice(0, 3).join('/');
  if (path.startsWith('node:')) return path.split('/').slice(0, 2).join('/');
  if (path.startsWith('src/')) return path.split('/').slice(0, 2).join('/');
  return path;
}

/** Self time per area (package, folder of ours, part of Node), largest first, as shares of the busy samples. */
export function areaTimes(profile: CpuProfile): { area: string; share: number }[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const time = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') return;
    const delta = profile.timeDeltas[i] ?? 0;
    const area = frame.url ? areaOf(frame.url) : frame.functionName.startsWith('(') ? frame.functionName : '(native / V8)';
    time.set(area, (time.get(area) ?? 0) + delta);
    total += delta;
  });
  return [...time.entries()].map(([area, t]) => ({ area, share: t / total })).sort((a, b) => b.share - a.share);
}

/** Prints the top `n` self-time entries of every .cpuprofile in `dir`, by function and by area. */
export function printProfiles(dir: string, n = 25): void {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    process.stdout.write(`\nCPU profile ${join(dir, file)} — top ${n} by self time\n`);
    for (const entry of selfTimes(profile).slice(0, n)) {
      process.stdout.write(`${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.name}  ${entry.where}\n`);
    }
    process.stdout.write(`by area (share of busy time)\n`);
    for (const entry of areaTimes(profile).slice(0, n)) {
      process.stdout.write(`${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.area}\n`);
    }
  }
}
