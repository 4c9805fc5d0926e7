import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, Download, Printer } from 'lucide-react';
import type { Dokumen } from '@mizan/core';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { cn } from '../../components/ui/cn';
import { errorMessage } from '../../lib/api-client';
import { documentKinds, usePrintDocument, type Kertas } from '../../features/dokumen/api/documents';
import { DocumentView } from '../../features/dokumen/components/document-view';

const pageSize: Record<Kertas, string> = {
  a4: 'A4 portrait; margin: 12mm',
  a5: 'A5 portrait; margin: 10mm',
  '80mm': '80mm auto; margin: 3mm',
};

/**
 * /cetak/{jenis}/{id}: a document (receipt, schedule, akad summary, statement) in the browser, and
 * its print dialog. A schedule, akad summary or statement prints on opening. A receipt opens on an
 * uncounted preview, which does not print (issue 51): only "Cetak" (the server counts the print and
 * answers the original or a SALINAN, shown while the dialog is open) and "Unduh PDF" (counted the
 * same way) produce paper, so what the customer holds is what was recorded.
 */
export default function CetakPage() {
  const params = useParams();
  const id = Number(params.id);
  const kind = documentKinds[params.jenis ?? ''];
  const [search, setSearch] = useSearchParams();
  const kertas: Kertas = kind?.papers.find((p) => p.value === search.get('ukuran'))?.value ?? kind?.papers[0]?.value ?? 'a4';
  const print = usePrintDocument(kind);
  const { showToast } = useToast();
  const [printed, setPrinted] = useState<Dokumen | null>(null);
  const [downloading, setDownloading] = useState(false);
  const started = useRef(false);
  const valid = kind !== undefined && Number.isInteger(id) && id > 0;
  const counted = kind?.preview !== undefined;
  const preview = useQuery({
    queryKey: ['dokumen', 'pratinjau', params.jenis, id],
    queryFn: () => kind!.preview!(id),
    enabled: valid && counted,
  });
  // A receipt: the counted print while its dialog is open, else the preview (which does not print).
  const dokumen = printed ?? (counted ? (preview.data?.dokumen ?? null) : null);
  const showingPreview = counted && printed === null;

  const printNow = () =>
    print.mutate(id, {
      onSuccess: (next) => {
        setPrinted(next);
        if (counted) {
          void preview.refetch();
          // Once the dialog closes, back to the preview: printing again must go through "Cetak".
          window.addEventListener('afterprint', () => setPrinted(null), { once: true });
        }
        // After React has painted the document the dialog shows exactly that.
        requestAnimationFrame(() => requestAnimationFrame(() => window.print()));
      },
    });

  useEffect(() => {
    if (!valid || counted || started.current) return;
    started.current = true;
    printNow();
    // Once, on opening (not a receipt: opening one is no print).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valid]);

  const download = async () => {
    if (!kind) return;
    setDownloading(true);
    try {
      await kind.pdf(id, kertas);
      if (counted) {
        setPrinted(null);
        void preview.refetch();
      }
    } catch (error) {
      showToast(errorMessage(error, 'Gagal mengunduh dokumen'), 'error');
    } finally {
      setDownloading(false);
    }
  };
  const failed = counted ? preview.isError && !dokumen : print.isError && !dokumen;
  const failure = counted ? preview.error : print.error;
  const dicetak = preview.data?.dicetak ?? 0;

  return (
    <div className="min-h-dvh bg-canvas px-3 py-4 sm:px-6">
      <style>{`@page { size: ${pageSize[kertas]}; }`}</style>
      <div className="no-print mx-auto mb-4 flex max-w-3xl flex-wrap items-center gap-2">
        <Link
          to={!valid ? '/dashboard' : dokumen?.tanda === 'BATAL' ? '/pembayaran' : kind.back(id)}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg border border-line bg-white text-ink hover:bg-canvas"
          aria-label={dokumen?.tanda === 'BATAL' ? 'Kembali ke daftar pembayaran' : (kind?.backLabel ?? 'Kembali ke dashboard')}
        >
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Link>
        <h1 className="mr-auto text-lg font-bold text-ink">{kind?.title ?? 'Dokumen'}</h1>
        {kind && kind.papers.length > 1 ? (
          <div role="group" aria-label="Ukuran kertas" className="inline-flex rounded-lg border border-line bg-white p-0.5">
            {kind.papers.map((paper) => (
              <button
                key={paper.value}
                type="button"
                aria-pressed={kertas === paper.value}
                aria-label={`Kertas ${paper.label}`}
                onClick={() => setSearch({ ukuran: paper.value }, { replace: true })}
                className={cn(
                  'h-9 rounded-md px-3 text-sm font-medium',
                  kertas === paper.value ? 'bg-brand-700 text-white' : 'text-ink hover:bg-canvas',
                )}
              >
                {paper.label}
              </button>
            ))}
          </div>
        ) : null}
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
          <Button
            onClick={printNow}
            disabled={!valid || print.isPending}
            aria-label={`Cetak ${kind?.title.toLowerCase() ?? 'dokumen'}`}
          >
            <Printer className="h-4 w-4" aria-hidden="true" />
            Cetak
          </Button>
          <Button
            variant="outline"
            onClick={() => void download()}
            disabled={!valid || downloading}
            aria-label={`Unduh ${kind?.title.toLowerCase() ?? 'dokumen'} sebagai PDF`}
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            {downloading ? 'Mengunduh...' : 'Unduh PDF'}
          </Button>
        </div>
      </div>
      {showingPreview && dokumen && dokumen.tanda !== 'BATAL' ? (
        <p
          role="status"
          className="no-print mx-auto mb-3 max-w-3xl rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900"
        >
          <strong>Pratinjau.</strong>{' '}
          {dicetak === 0
            ? 'Kwitansi ini belum pernah dicetak: cetakan atau unduhan PDF pertama adalah kwitansi asli.'
            : `Kwitansi asli sudah dicetak atau diunduh (${dicetak} kali). Cetakan berikutnya bertanda SALINAN – Cetakan ke-${dicetak + 1}.`}
        </p>
      ) : null}
      {print.isError && counted ? (
        <p role="alert" className="no-print mx-auto mb-3 max-w-3xl text-sm text-red-700">
          {errorMessage(print.error, 'Gagal mencetak dokumen')}
        </p>
      ) : null}
      {!valid || failed ? (
        <div
          role="alert"
          className="no-print mx-auto max-w-md rounded-xl border border-red-200 bg-white p-6 text-center text-sm text-red-900"
        >
          {!kind ? 'Dokumen tidak dikenal' : !valid ? kind.notFound : errorMessage(failure, 'Gagal menyiapkan dokumen')}
        </div>
      ) : dokumen && showingPreview ? (
        <>
          {/* The preview is not for paper: a print from the browser's menu gets this line instead. */}
          <div className="print-hidden">
            <DocumentView dokumen={dokumen} kertas={kertas} />
          </div>
          <p className="print-only">Pratinjau tidak untuk dicetak. Gunakan tombol Cetak atau Unduh PDF di halaman kwitansi.</p>
        </>
      ) : dokumen ? (
        <DocumentView dokumen={dokumen} kertas={kertas} />
      ) : (
        <div className="flex flex-col items-center gap-3 py-16" aria-busy="true">
          <Spinner label="Menyiapkan dokumen..." />
          <p className="text-sm text-muted">Menyiapkan dokumen...</p>
        </div>
      )}
    </div>
  );
}
