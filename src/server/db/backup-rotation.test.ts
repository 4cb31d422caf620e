import { describe, expect, it } from 'vitest';
import { backupName, backupsToKeep } from './backup-rotation';

const at = (iso: string) => backupName(new Date(iso), 'tar.gz');

describe('the backups a rotation keeps', () => {
  it('keeps the last 7 days and the newest backup of each of the last 4 weeks', () => {
    // Nightly at 02:30 UTC for the 60 days up to Sunday 6 December 2026.
    const names = Array.from({ length: 60 }, (_, index) =>
      at(new Date(Date.UTC(2026, 11, 6 - index, 2, 30)).toISOString()),
    );
    const kept = [...backupsToKeep(names)].sort();
    expect(kept).toEqual([
      // Sundays that close the three weeks before this one.
      at('2026-11-15T02:30:00Z'),
      at('2026-11-22T02:30:00Z'),
      at('2026-11-29T02:30:00Z'),
      // The last seven days; the newest is also this week's.
      at('2026-11-30T02:30:00Z'),
      at('2026-12-01T02:30:00Z'),
      at('2026-12-02T02:30:00Z'),
      at('2026-12-03T02:30:00Z'),
      at('2026-12-04T02:30:00Z'),
      at('2026-12-05T02:30:00Z'),
      at('2026-12-06T02:30:00Z'),
    ]);
  });

  it('counts days that have a backup, keeps a day’s newest, and leaves other files alone', () => {
    const names = [
      at('2026-12-06T02:30:00Z'),
      at('2026-12-06T14:00:00Z'),
      at('2026-10-01T02:30:00Z'),
      at('2026-09-01T02:30:00Z'),
      'utsav-notes.txt',
      'postgres-2026-12-01.dump',
    ];
    expect([...backupsToKeep(names, { daily: 2, weekly: 0 })].sort()).toEqual(
      [
        at('2026-10-01T02:30:00Z'),
        at('2026-12-06T14:00:00Z'),
        'postgres-2026-12-01.dump',
        'utsav-notes.txt',
      ].sort(),
    );
  });
});
