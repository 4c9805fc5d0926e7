// The reminder planner at scale (issue 24, part B), timed with the event loop's delay measured
// meanwhile in the same process (it runs in the server process): the plan of one sending day over
// every loan (reminders switched on with the shipped stages H-3, H, H+1, H+7), as at 00:01 Jakarta.
// Target: 300 000 loans within 10 s (pro rata to the loans there are), the loop never held 100 ms.
// The day's planned rows, its run and the setting are put back afterwards.
import { addDays, defaultPengingatSetting, isSendingDay, todayJakarta } from '@mizan/core';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/app';
import { withLoopDelay } from './ledger-job';
import { PLANNER_JOB, PLANNER_SPAN, planReminders } from '../apps/api/src/modules/pengingat/pengingat.service';

export const PLANNER_TARGET_SECONDS = 10;
export const PLANNER_LOOP_MS = 100;

export interface ReminderJobFigures {
  tanggal: string;
  loans: number;
  planned: number;
  seconds: number;
  loopMaxMs: number;
  loopP99Ms: number;
  status: 'met' | 'NOT MET';
}

export async function measureReminderJob(env: Record<string, string>, kind: 'pglite' | 'postgres'): Promise<ReminderJobFigures> {
  const config = loadConfig({ ...process.env, ...env });
  const handle = await openDatabase(config);
  const db = handle.db;
  try {
    let tanggal = todayJakarta();
    while (!isSendingDay(tanggal, defaultPengingatSetting)) tanggal = addDays(tanggal, 1);
    const stored = await db.selectFrom('settings').selectAll().where('key', '=', 'pengingat').executeTakeFirst();
    const clean = async () => {
      await db.deleteFrom('job_runs').where('job', '=', PLANNER_JOB).where('tanggal', '=', tanggal).execute();
      await db.deleteFrom('wa_messages').where('jenis', '=', 'pengingat').where('untuk_tanggal', '=', tanggal).execute();
    };
    await clean();
    await db
      .insertInto('settings')
      .values({ key: 'pengingat', value: JSON.stringify({ ...defaultPengingatSetting, aktif: true }) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify({ ...defaultPengingatSetting, aktif: true }) }))
      .execute();
    const loans = Number(
      (
        await db
          .selectFrom('pinjaman')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const measured = await withLoopDelay(() => planReminders(db, 'Bench', tanggal, { span: PLANNER_SPAN[kind] }));
    await clean();
    if (stored)
      await db
        .updateTable('settings')
        .set({ value: JSON.stringify(stored.value) })
        .where('key', '=', 'pengingat')
        .execute();
    else await db.deleteFrom('settings').where('key', '=', 'pengingat').execute();
    const allowed = (PLANNER_TARGET_SECONDS * Math.max(loans, 1)) / 300_000;
    return {
      tanggal,
      loans,
      planned: measured.result.planned,
      seconds: measured.seconds,
      loopMaxMs: measured.loopMaxMs,
      loopP99Ms: measured.loopP99Ms,
      status: measured.seconds <= allowed && measured.loopMaxMs < PLANNER_LOOP_MS ? 'met' : 'NOT MET',
    };
  } finally {
    await handle.close();
  }
}

export const reminderJobLines = (f: ReminderJobFigures) => [
  `rencana pengingat ${f.tanggal}: ${f.loans.toLocaleString('id-ID')} pinjaman, ${f.planned.toLocaleString('id-ID')} pengingat, ` +
    `${f.seconds.toFixed(1)} dtk, event loop maks ${f.loopMaxMs.toFixed(0)} ms, p99 ${f.loopP99Ms.toFixed(0)} ms ` +
    `(target 300.000 pinjaman ≤ ${PLANNER_TARGET_SECONDS} dtk, loop < ${PLANNER_LOOP_MS} ms): ${f.status}`,
];

// `npx tsx bench/reminder-job.ts`: this measurement alone, on the scale database npm run bench uses.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { prepareDatabase } = await import('./prepare');
  const prepared = await prepareDatabase();
  const figures = await measureReminderJob(prepared.env, prepared.kind);
  for (const line of reminderJobLines(figures)) console.log(line);
}
