import { Calculator } from 'lucide-react';
import { formatRupiah, previewMurabahah } from '@mizan/core';

/**
 * The add form's live Murabahah preview (spec §9): total profit and monthly instalment, computed
 * by the same core function the loan detail and the server use.
 */
export function MurabahahPreview({
  jumlah,
  persentase,
  durasi,
}: {
  jumlah: number | null;
  persentase: number | null;
  durasi: number | null;
}) {
  const figures = previewMurabahah({ jumlah, persentase, durasi });
  return (
    <section
      aria-label="Simulasi angsuran"
      className="rounded-xl border border-gold-300 bg-gold-100/50 p-4"
      data-testid="murabahah-preview"
    >
      <h3 className="flex items-center gap-2 text-sm font-semibold text-gold-700">
        <Calculator className="h-4 w-4" aria-hidden="true" />
        Simulasi Angsuran Murabahah
      </h3>
      {figures ? (
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted">Margin per bulan</dt>
          <dd className="text-right font-medium">{formatRupiah(figures.profitPerMonth)}</dd>
          <dt className="text-muted">Total margin ({figures.durasi} bulan)</dt>
          <dd className="text-right font-medium" data-testid="preview-total-margin">
            {formatRupiah(figures.totalProfit)}
          </dd>
          <dt className="text-muted">Total kewajiban</dt>
          <dd className="text-right font-medium">{formatRupiah(figures.totalObligation)}</dd>
          <dt className="font-semibold text-ink">Angsuran per bulan</dt>
          <dd className="text-right text-base font-bold text-brand-800" data-testid="preview-angsuran">
            {formatRupiah(figures.monthlyInstalment)}
          </dd>
        </dl>
      ) : (
        <p className="mt-2 text-sm text-muted">Isi jumlah, persentase dan durasi angsuran untuk melihat simulasi.</p>
      )}
    </section>
  );
}
