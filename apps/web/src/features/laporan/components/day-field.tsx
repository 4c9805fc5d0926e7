import { useSearchParams } from 'react-router';
import { isIsoDate, todayJakarta } from '@mizan/core';
import { LabelAbove } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

/** A report of one day (?tanggal=YYYY-MM-DD in the address, today when absent): the day and how to choose another. */
export function useReportDay() {
  const [params, setParams] = useSearchParams();
  const today = todayJakarta();
  const asked = params.get('tanggal');
  const tanggal = asked && isIsoDate(asked) ? asked : today;
  const choose = (value: string) => setParams(value && value !== today ? { tanggal: value } : {}, { replace: true });
  return { tanggal, today, choose };
}

/** The report's day (at most today) and 'Hari Ini' back to today. */
export function ReportDayField({ label, day }: { label: string; day: ReturnType<typeof useReportDay> }) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <LabelAbove label={label}>
        <Input type="date" value={day.tanggal} max={day.today} onChange={(e) => day.choose(e.target.value)} className="w-44" />
      </LabelAbove>
      <Button variant="outline" onClick={() => day.choose(day.today)} disabled={day.tanggal === day.today}>
        Hari Ini
      </Button>
    </div>
  );
}
