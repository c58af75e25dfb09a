import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';

/** The id of a process that has ended: what a crashed owner leaves in its lock file. */
export function endedPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  if (!(pid > 0)) throw new Error('could not start a process');
  return pid;
}

export interface PlantedOwner {
  readonly pid: number;
  readonly host?: string;
  /** ms since the epoch */
  readonly started?: number;
  readonly token?: string;
}

/** A lock file as another process would have left it at `path`. */
export function plantLock(path: string, owner: PlantedOwner): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(
    path,
    `${JSON.stringify({
      pid: owner.pid,
      host: owner.host ?? hostname(),
      started: owner.started ?? Date.now(),
      token: owner.token ?? 'feedfacefeedfacefeedface',
    })}\n`,
  );
  return path;
}
