import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, Download, Printer } from 'lucide-react';
import type { Dokumen, UkuranKwitansi } from '@mizan/core';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { downloadKwitansiPdf, usePrintKwitansi } from '../../features/dokumen/api/print-kwitansi';
import { DocumentView } from '../../features/dokumen/components/document-view';
import { cn } from '../../components/ui/cn';

const papers: { value: UkuranKwitansi; label: string }[] = [
  { value: 'a5', label: 'A5' },
  { value: '80mm', label: '80 mm' },
];

/**
 * /cetak/kwitansi/{id}: the payment receipt in the browser, then its print dialog. Every print
 * (the first on opening, each "Cetak" after it) asks the server for the receipt again, so the
 * server counts it and a reprint carries SALINAN; "Unduh PDF" gets the same receipt as a PDF.
 */
export default function CetakKwitansiPage() {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const ukuran: UkuranKwitansi = params.get('ukuran') === '80mm' ? '80mm' : 'a5';
  const print = usePrintKwitansi();
  const { showToast } = useToast();
  const [dokumen, setDokumen] = useState<Dokumen | null>(null);
  const [downloading, setDownloading] = useState(false);
  const started = useRef(false);
  const validId = Number.isInteger(id) && id > 0;

  const printNow = () =>
    print.mutate(id, {
      onSuccess: (next) => {
        setDokumen(next);
        // After React has painted the receipt the dialog shows exactly that.
        requestAnimationFrame(() => requestAnimationFrame(() => window.print()));
      },
    });

  useEffect(() => {
    if (!validId || started.current) return;
    started.current = true;
    printNow();
    // Once, on opening: printNow is stable enough for that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [validId]);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadKwitansiPdf(id, ukuran);
    } catch (error) {
      showToast(errorMessage(error, 'Gagal mengunduh kwitansi'), 'error');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="min-h-dvh bg-canvas px-3 py-4 sm:px-6">
      <style>{`@page { size: ${ukuran === '80mm' ? '80mm auto' : 'A5 portrait'}; margin: ${ukuran === '80mm' ? '3mm' : '10mm'}; }`}</style>
      <div className="no-print mx-auto mb-4 flex max-w-3xl flex-wrap items-center gap-2">
        <Link
          to={validId ? `/pembayaran/${id}` : '/pembayaran'}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg border border-line bg-white text-ink hover:bg-canvas"
          aria-label="Kembali ke detail pembayaran"
        >
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Link>
        <h1 className="mr-auto text-lg font-bold text-ink">Kwitansi Pembayaran</h1>
        <div role="group" aria-label="Ukuran kertas" className="inline-flex rounded-lg border border-line bg-white p-0.5">
          {papers.map((paper) => (
            <button
              key={paper.value}
              type="button"
              aria-pressed={ukuran === paper.value}
              aria-label={`Kertas ${paper.label}`}
              onClick={() => setParams({ ukuran: paper.value }, { replace: true })}
              className={cn(
                'h-9 rounded-md px-3 text-sm font-medium',
                ukuran === paper.value ? 'bg-brand-700 text-white' : 'text-ink hover:bg-canvas',
              )}
            >
              {paper.label}
            </button>
          ))}
        </div>
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
          <Button onClick={printNow} disabled={!validId || print.isPending} aria-label="Cetak kwitansi">
            <Printer className="h-4 w-4" aria-hidden="true" />
            Cetak
          </Button>
          <Button
            variant="outline"
            onClick={() => void download()}
            disabled={!validId || downloading}
            aria-label="Unduh kwitansi sebagai PDF"
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            {downloading ? 'Mengunduh...' : 'Unduh PDF'}
          </Button>
        </div>
      </div>
      {!validId || (print.isError && !dokumen) ? (
        <div
          role="alert"
          className="no-print mx-auto max-w-md rounded-xl border border-red-200 bg-white p-6 text-center text-sm text-red-900"
        >
          {validId ? errorMessage(print.error, 'Gagal menyiapkan kwitansi') : 'Pembayaran tidak ditemukan'}
        </div>
      ) : dokumen ? (
        <DocumentView dokumen={dokumen} kertas={ukuran} />
      ) : (
        <div className="flex flex-col items-center gap-3 py-16" aria-busy="true">
          <Spinner label="Menyiapkan kwitansi..." />
          <p className="text-sm text-muted">Menyiapkan kwitansi...</p>
        </div>
      )}
    </div>
  );
}
