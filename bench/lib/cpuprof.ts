import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  ms: number;
  /** Share of the busy (not idle) time. */
  share: number;
}

export interface ProfileSummary {
  /** Sampled milliseconds in the window, idle included. */
  totalMs: number;
  busyMs: number;
  top: SelfTime[];
  /** Self time by package (node_modules/<name>), app folder (server/modules/<name>, dist/...) or `(native)`. */
  byPlace: SelfTime[];
}

/** Where a function's code is, coarsely: its package, the app's folder, node's own code, or native. */
const placeOf = (url: string) => {
  if (!url) return '(native code, GC)';
  if (url.startsWith('node:')) return 'node: (core modules)';
  const file = url.replace(/^file:\/\//, '');
  const mod = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (mod) return mod[1];
  const rel = path.relative(process.cwd(), file).split(path.sep);
  return rel.slice(0, rel[0] === 'server' && rel[1] === 'modules' ? 3 : 2).join('/');
};

const where = (url: string, line: number) => {
  if (!url) return '';
  const file = url.replace(/^file:\/\//, '');
  const inModules = file.lastIndexOf('node_modules/');
  const short = inModules >= 0 ? file.slice(inModules + 13) : path.relative(process.cwd(), file);
  return ` ${short}:${line + 1}`;
};

/**
 * The functions with the most self time in a `--cpu-prof` profile, over the samples taken between
 * `fromUs` and `toUs` (the profile's clock: microseconds of the monotonic clock, as
 * process.hrtime), or over all of them when none fall in the window.
 */
export function summarize(file: string, fromUs = -Infinity, toUs = Infinity, top = 20): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let places = new Map<string, number>();
  const add = (acc: Map<string, number>, inWindow: (t: number) => boolean) => {
    places = new Map();
    let t = profile.startTime;
    for (let i = 0; i < profile.samples.length; i++) {
      t += profile.timeDeltas[i];
      if (!inWindow(t)) continue;
      const { functionName, url, lineNumber } = byId.get(profile.samples[i])?.callFrame ?? {
        functionName: '?',
        url: '',
        lineNumber: 0,
      };
      const key = `${functionName || '(anonymous)'}${where(url, lineNumber)}`;
      const ms = profile.timeDeltas[i] / 1000;
      acc.set(key, (acc.get(key) ?? 0) + ms);
      if (functionName !== '(idle)') places.set(placeOf(url), (places.get(placeOf(url)) ?? 0) + ms);
    }
    return acc;
  };
  let times = add(new Map(), (t) => t >= fromUs && t <= toUs);
  if (times.size === 0) times = add(new Map(), () => true);
  const totalMs = [...times.values()].reduce((a, b) => a + b, 0);
  const busyMs = totalMs - (times.get('(idle)') ?? 0);
  return {
    totalMs,
    busyMs,
    top: [...times.entries()]
      .filter(([name]) => name !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms, share: ms / busyMs })),
    byPlace: [...places.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([name, ms]) => ({ name, ms, share: ms / busyMs })),
  };
}
