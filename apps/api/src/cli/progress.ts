import { Presets, SingleBar } from 'cli-progress';
import type { BackupProgress } from '../lib/backup';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const formatBytes = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : megabytes(bytes));
export const formatSeconds = (ms: number) => `${(ms / 1000).toFixed(1)} dtk`;

/**
 * The command line's progress of a backup or restore: rows and receipt files done (of the total
 * when known), redrawn on a terminal, one line every 10 s in a log.
 */
export function backupProgressBar(verb: string) {
  const bar = new SingleBar(
    {
      format: `${verb} {bar} {percentage}% | {value}/{total} baris | {files} | {rate} baris/dtk`,
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 10_000,
    },
    Presets.shades_classic,
  );
  const started = performance.now();
  let running = false;
  return {
    update(p: BackupProgress) {
      const payload = {
        files: `${p.files}${p.totalFiles === null ? '' : `/${p.totalFiles}`} file kwitansi`,
        rate: Math.round(p.rows / Math.max(0.001, (performance.now() - started) / 1000)),
      };
      if (!running) {
        bar.start(p.totalRows ?? Math.max(p.rows, 1), p.rows, payload);
        running = true;
      }
      if (p.totalRows === null && p.rows > bar.getTotal()) bar.setTotal(p.rows);
      bar.update(p.rows, payload);
    },
    stop() {
      if (running) bar.stop();
    },
    elapsedMs: () => performance.now() - started,
  };
}

/** Progress of a download of unknown size: megabytes received. */
export function bytesProgress(verb: string) {
  const started = performance.now();
  let last = 0;
  let received = 0;
  return {
    add(bytes: number) {
      received += bytes;
      if (performance.now() - last > (process.stdout.isTTY ? 200 : 10_000)) {
        last = performance.now();
        const line = `${verb} ${megabytes(received)} diterima (${formatSeconds(performance.now() - started)})`;
        if (process.stdout.isTTY) process.stdout.write(`\r${line}   `);
        else console.log(line);
      }
    },
    stop() {
      if (process.stdout.isTTY && received > 0) process.stdout.write('\n');
    },
  };
}

let rssAtOpen = 0;
/** Call once the database is open: the memory the work adds is measured from here. */
export function markDatabaseOpen() {
  rssAtOpen = process.memoryUsage().rss;
}
/** "memori: 212 MB saat database terbuka, puncak 301 MB (+89 MB)" (peak from the kernel's maxRSS). */
export function memoryLine(): string {
  const peak = process.resourceUsage().maxRSS * 1024;
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  return `memori: ${mb(rssAtOpen)} MB saat database terbuka, puncak ${mb(peak)} MB (+${mb(peak - rssAtOpen)} MB)`;
}
