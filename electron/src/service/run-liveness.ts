// Whether a run whose meta file says "running" still runs somewhere, or died with its process
// (and so reads as interrupted). The rule, by who the meta file says runs it:
// - no host named (written before records named one): this machine is assumed; it runs while its
//   pid is alive and is not this process;
// - this machine (same host name and machine id): it runs while its pid is alive, is not this
//   process, and is the same process, i.e. started when the record says; where the start can't be
//   read (not Linux, or /proc hides the process), a fresh heartbeat stands in for it;
// - another machine: its pid means nothing here; it runs while its heartbeat is fresh.
// A run of this very process is live only if the service says so (HistoryContext.isLiveHere).
import { HEARTBEAT_EVERY_MS, heartbeatFresh } from "./heartbeat.ts";
import { sameHost, type ProcessOwner, type ProcessProbe } from "./process-identity.ts";

/** Who a meta file says runs the run, and when it last said so; every field optional (older records). */
export type RecordedOwner = Partial<ProcessOwner> & {
  /** When the run last beat (ms since the epoch, the writer's clock). */
  heartbeatAt?: number;
  /** How often its writer beats, in ms. */
  heartbeatEvery?: number;
};

/** What liveness is judged against: the machine here and the time now. */
export interface LivenessContext {
  probe: ProcessProbe;
  now(): number;
}

/** True when the process `owner` names still runs the run. */
export function ownerRuns(owner: RecordedOwner, { probe, now }: LivenessContext): boolean {
  const { pid } = owner;
  if (owner.host === undefined) return pid !== undefined && pid !== process.pid && probe.alive(pid);
  if (!sameHost({ host: owner.host, machineId: owner.machineId }, probe.host())) return beating(owner, now());
  // This process runs nothing the service doesn't know of; a pid of ours in a record is ours
  // from a closed service, or an earlier process's that had our pid.
  if (pid === undefined || pid === process.pid || !probe.alive(pid)) return false;
  const start = owner.processStart === undefined ? undefined : probe.startOf(pid);
  if (start !== undefined) return start === owner.processStart;
  return beating(owner, now());
}

function beating(owner: RecordedOwner, now: number): boolean {
  return owner.heartbeatAt !== undefined && heartbeatFresh(owner.heartbeatAt, owner.heartbeatEvery ?? HEARTBEAT_EVERY_MS, now);
}
