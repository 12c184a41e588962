import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second of /proc's CPU times (getconf CLK_TCK; 100 on Linux). */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** User plus system CPU, in seconds. */
  cpu: number;
}

/** /proc/<pid>/stat's parent, name and CPU; null when the process is gone. */
export function procStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The name is in parentheses and may hold spaces: the fields after the last ')' are fixed.
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const rest = text
    .slice(close + 2)
    .split(' ')
    .map(Number);
  // rest[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
  return { pid, ppid: rest[1], comm, cpu: (rest[11] + rest[12]) / TICKS };
}

const allStats = (): ProcStat[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => procStat(Number(name)))
    .filter((s): s is ProcStat => s !== null);

/** `pid` and every process under it (a cluster's workers, their helpers). */
export function processTree(pid: number): number[] {
  const stats = allStats();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const s of stats) if (s.ppid === tree[i] && !tree.includes(s.pid)) tree.push(s.pid);
  return tree;
}

/** The processes named `comm` (every PostgreSQL process is `postgres`). */
export const processesNamed = (comm: string): number[] =>
  allStats()
    .filter((s) => s.comm === comm)
    .map((s) => s.pid);

/** CPU seconds used so far by each of `pids` still alive. */
export function cpuOf(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    const s = procStat(pid);
    if (s) out.set(pid, s.cpu);
  }
  return out;
}

/**
 * The CPU seconds `pids` used between two readings: a process first seen in the second reading
 * (started in between) counts whole; one gone by then is lost.
 */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, cpu] of after) sum += cpu - (before.get(pid) ?? 0);
  return sum;
}

/** The whole machine's busy and total CPU seconds so far (all cores; /proc/stat). */
export function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: busy / TICKS, total: (busy + idle + iowait) / TICKS };
}
