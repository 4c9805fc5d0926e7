import type { Kysely } from 'kysely';
import { lastMonthsJakarta, monthDateRange } from '@mizan/core';
import type { DB } from '../../db/schema';
import { listActivities } from '../activities/activity.service';
import { paymentsPerMonth } from './dashboard.repository';

/** The newest activities, shaped as spec §3 Activity. */
export async function recentActivities(db: Kysely<DB>, limit: number) {
  const rows = await listActivities(db, limit);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    description: row.description,
    category: row.category,
    status: row.status,
    amount: row.amount,
    date: new Date(row.created_at).toISOString(),
  }));
}

/** Payments collected per month over the last `months` Jakarta months (zeros included), oldest first. */
export async function monthlyPayments(db: Kysely<DB>, months = 12, now = new Date()) {
  const range = lastMonthsJakarta(months, now);
  const first = monthDateRange(range[0]!.year, range[0]!.month).first;
  const last = monthDateRange(range.at(-1)!.year, range.at(-1)!.month).last;
  const byMonth = new Map((await paymentsPerMonth(db, first, last)).map((r) => [r.ym, r]));
  return range.map(({ month, year }) => {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    const row = byMonth.get(key);
    return { month, year, count: Number(row?.count ?? 0), total: Number(row?.total ?? 0) };
  });
}
