/**
 * Which of the backups in a folder to keep (`npm run db:backup -- --into DIR`, decision 0060): the
 * newest of each of the last `daily` days that have one, and the newest of each of the last
 * `weekly` weeks (Monday to Sunday, UTC) that have one, as restic's `--keep-daily` and
 * `--keep-weekly` count them. A day's backup may also be its week's, so 7 daily and 4 weekly keep
 * 10 or 11 files of a month of daily runs. Names are db:backup's own: `utsav-<ISO time>.<kind>`.
 */
export type Rotation = { daily: number; weekly: number };

export const DEFAULT_ROTATION: Rotation = { daily: 7, weekly: 4 };

const BACKUP_NAME = /^utsav-(\d{4})-(\d{2})-(\d{2})T[\d-]+Z\.(?:tar\.gz|dump)$/;

/** The name of a backup taken at `when`, in the form backupsToKeep reads. */
export function backupName(when: Date, extension: 'tar.gz' | 'dump'): string {
  return `utsav-${when.toISOString().replace(/[:.]/g, '-')}.${extension}`;
}

function mondayOf(day: Date): string {
  const monday = new Date(day);
  monday.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

/** The names to keep; every other backup name in `names` may go. Names of other files are kept. */
export function backupsToKeep(names: readonly string[], rotation: Rotation = DEFAULT_ROTATION): Set<string> {
  const keep = new Set(names.filter((name) => !BACKUP_NAME.test(name)));
  // ISO times sort as text: newest first.
  const backups = names
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse();
  const keepNewestPer = (periodOf: (name: string) => string, count: number) => {
    const seen = new Set<string>();
    for (const name of backups) {
      const period = periodOf(name);
      if (seen.has(period)) continue;
      if (seen.size === count) break;
      seen.add(period);
      keep.add(name);
    }
  };
  const dayOf = (name: string) => {
    const [, year, month, day] = BACKUP_NAME.exec(name)!;
    return `${year}-${month}-${day}`;
  };
  keepNewestPer(dayOf, rotation.daily);
  keepNewestPer((name) => mondayOf(new Date(`${dayOf(name)}T00:00:00Z`)), rotation.weekly);
  return keep;
}
