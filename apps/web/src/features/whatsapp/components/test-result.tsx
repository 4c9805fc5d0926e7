import type { WaTestResult } from '@mizan/core';
import { FAIL, OK } from '../texts';
import { ResultMark } from './result-mark';

/** The first line of the test-result summary. */
export function testResultTitle(result: WaTestResult): string {
  const sent = result.wa_response.filter((r) => r.success).length;
  if (sent === result.total_recipients) return `${OK} Pesan test berhasil dikirim ke semua penerima`;
  if (sent === 0) return `${FAIL} Pesan test gagal dikirim ke semua penerima`;
  return `${OK} Pesan test terkirim ke ${sent} dari ${result.total_recipients} penerima`;
}

/** Total recipients and a success mark per recipient (spec §8), aligned with wa_response. */
export function TestResultDetails({ result }: { result: WaTestResult }) {
  return (
    <div className="space-y-2">
      <p className="font-medium text-ink">Total penerima: {result.total_recipients}</p>
      <ul className="space-y-1.5" aria-label="Hasil per penerima">
        {result.recipients.map((recipient, index) => {
          const response = result.wa_response[index];
          const ok = Boolean(response?.success);
          return (
            <li key={recipient.id} className="flex gap-2">
              <span className="pt-0.5">
                <ResultMark ok={ok} />
              </span>
              <span className="min-w-0 break-words">
                <span className="font-medium text-ink">{recipient.name}</span> ({recipient.phone_number})
                <span className="sr-only">{ok ? ': terkirim' : ': gagal'}</span>
                {!ok && response?.error ? <span className="block text-xs text-red-700">{response.error}</span> : null}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
