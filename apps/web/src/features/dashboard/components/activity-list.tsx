import { Receipt, User, Wallet } from 'lucide-react';
import { formatDateTime, formatRupiah } from '@mizan/core';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../components/ui/cn';
import type { Activity } from '../api/dashboard-api';

const icons = { pinjaman: Wallet, pembayaran: Receipt, other: User };
const tones = {
  pinjaman: 'bg-gold-100 text-gold-700',
  pembayaran: 'bg-brand-50 text-brand-700',
  other: 'bg-slate-100 text-slate-600',
};

export function ActivityList({ activities, loading }: { activities: Activity[] | undefined; loading: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Aktivitas Terbaru</CardTitle>
      </CardHeader>
      {loading ? (
        <div className="space-y-3 p-5">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      ) : !activities?.length ? (
        <p className="px-5 py-10 text-center text-sm text-muted">Tidak ada aktivitas terbaru</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Aktivitas Terbaru">
          {activities.map((activity) => {
            const Icon = icons[activity.category];
            return (
              <li key={activity.id} className="flex items-start gap-3 px-5 py-3">
                <span
                  className={cn(
                    'mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full',
                    tones[activity.category],
                  )}
                  aria-hidden="true"
                >
                  <Icon className="h-4 w-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-ink break-words">{activity.description}</p>
                  <p className="mt-0.5 text-xs text-muted">{formatDateTime(activity.date)}</p>
                </div>
                {activity.amount !== null ? (
                  <p className="shrink-0 text-sm font-semibold whitespace-nowrap text-ink tabular-nums">
                    {formatRupiah(activity.amount)}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
