// A throwaway PostgreSQL 15 cluster from the machine's own binaries, for benchmarks (and the replica's tests), and a
// hot standby of it fed by streaming replication (pg_basebackup -R: standby.signal and primary_conninfo written).
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface ThrowawayPostgres {
  url: string;
  port: number;
  bin: string;
  /** The directory holding the cluster (data/) and its log. */
  dir: string;
  stop(): void;
}

function asPostgres(cmd: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

function ownedDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'zoo-bench-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  return dir;
}

const randomPort = () => 20000 + Math.floor(Math.random() * 20000);

/** Settings of a cluster nothing must outlive a crash of the machine: no flush to disk at each commit. */
export const THROWAWAY_SETTINGS = '-c fsync=off -c synchronous_commit=off -c full_page_writes=off';

function startCluster(dir: string, port: number, settings = ''): ThrowawayPostgres {
  asPostgres(join(BIN, 'pg_ctl'), [
    '-D',
    join(dir, 'data'),
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 ${settings}`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    bin: BIN,
    dir,
    stop() {
      try {
        asPostgres(join(BIN, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A hot standby of `primary`: a base backup streamed from it, then started in recovery, following its WAL. */
export function startReplica(primary: ThrowawayPostgres): ThrowawayPostgres {
  const dir = ownedDir();
  asPostgres(join(BIN, 'pg_basebackup'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    join(dir, 'data'),
    '-R',
    '-X',
    'stream',
    // An immediate checkpoint: the default spreads it over minutes.
    '-c',
    'fast',
    '--no-sync',
  ]);
  return startCluster(dir, randomPort());
}

/** `throwaway`: THROWAWAY_SETTINGS (for tests' databases; the benches that compare with pgbench keep the defaults). */
export function startPostgres({ throwaway = false }: { throwaway?: boolean } = {}): ThrowawayPostgres {
  const dir = ownedDir();
  const port = randomPort();
  asPostgres(join(BIN, 'initdb'), [
    '-D',
    join(dir, 'data'),
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  return startCluster(dir, port, throwaway ? THROWAWAY_SETTINGS : '');
}
