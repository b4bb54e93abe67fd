import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';

/** What a figure was measured on: without it a number means nothing. */
export interface MachineInfo {
  nproc: number;
  ramGiB: number;
  cpu: string;
  node: string;
  date: string;
}

/** The machine, Node version and date of this run. */
export function machineInfo(): MachineInfo {
  return {
    nproc: availableParallelism(),
    ramGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    node: process.version,
    date: new Date().toISOString().slice(0, 10),
  };
}

/** One line for the head of every benchmark's output. */
export function machineLine(info = machineInfo()): string {
  return `machine: nproc=${info.nproc}, RAM=${info.ramGiB} GiB, CPU=${info.cpu}, node ${info.node}, ${info.date}`;
}

/** The machine's load averages: on a shared machine, other work skews every figure. */
export function loadLine(): string {
  const [one, five] = loadavg();
  return `load average: ${one?.toFixed(2)} (1 min), ${five?.toFixed(2)} (5 min) on ${availableParallelism()} CPUs`;
}
