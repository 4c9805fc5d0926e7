import { Check } from 'lucide-react';
import { cn } from '../../../components/ui/cn';

const labels = ['Buat Session', 'Scan QR Code', 'Test Pesan'] as const;

/** The 3-step indicator of spec §2; which steps are done follows waSteps() (spec §4). */
export function StepIndicator({ steps }: { steps: readonly [boolean, boolean, boolean] }) {
  return (
    <ol aria-label="Langkah menghubungkan WhatsApp" className="grid grid-cols-3 gap-2 sm:gap-4">
      {labels.map((label, index) => {
        const done = steps[index]!;
        return (
          <li key={label} data-done={done} className="flex min-w-0 flex-col items-center gap-2 text-center sm:flex-row sm:text-left">
            <span
              className={cn(
                'flex h-9 w-9 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
                done ? 'border-brand-700 bg-brand-700 text-white' : 'border-line bg-white text-muted',
              )}
              aria-hidden="true"
            >
              {done ? <Check className="h-4 w-4" /> : index + 1}
            </span>
            <span className="min-w-0">
              <span className={cn('block text-xs font-semibold sm:text-sm', done ? 'text-brand-800' : 'text-ink')}>{label}</span>
              <span className="block text-xs text-muted">{done ? 'Selesai' : 'Belum'}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
