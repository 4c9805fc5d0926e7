import { useState } from 'react';
import { Download, Eye, FileText, ImageOff, Trash2, Upload } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteKwitansi } from '../api/mutations';
import type { Pinjaman } from '../types';

const isPdf = (name: string) => name.toLowerCase().endsWith('.pdf');
const downloadUrl = (url: string) => `${url}${url.includes('?') ? '&' : '?'}download=1`;

function ImagePreview({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div className="flex flex-col items-center gap-2 py-10 text-center text-sm text-red-800">
        <ImageOff className="h-8 w-8" aria-hidden="true" />
        Gagal memuat gambar
      </div>
    );
  }
  return (
    <img
      src={src}
      alt="Foto kwitansi"
      className="mx-auto max-h-[70dvh] w-auto rounded-lg border border-line"
      onError={() => setFailed(true)}
    />
  );
}

/** The receipt: preview dialog, download, delete with confirmation (spec §2, §8); upload when none. */
export function KwitansiCard({ pinjaman, onUpload }: { pinjaman: Pinjaman; onUpload(): void }) {
  const { showToast } = useToast();
  const remove = useDeleteKwitansi();
  const [previewOpen, setPreviewOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const name = pinjaman.kwitansi;
  const url = pinjaman.kwitansi_url;

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(pinjaman.id);
      showToast('Foto kwitansi berhasil dihapus', 'success');
      setConfirmOpen(false);
    } catch (error) {
      showToast(errorMessage(error, 'Gagal menghapus foto kwitansi'), 'error');
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Foto Kwitansi</CardTitle>
      </CardHeader>
      <CardBody>
        {name && url ? (
          <div className="space-y-3">
            <button
              type="button"
              onClick={() => setPreviewOpen(true)}
              className="group flex w-full items-center gap-3 rounded-lg border border-line p-2 text-left hover:bg-canvas"
              // The same action as "Lihat" below: one name, one tab stop, for the keyboard and screen readers.
              tabIndex={-1}
              aria-hidden="true"
            >
              {isPdf(name) ? (
                <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-md bg-red-50 text-red-700">
                  <FileText className="h-7 w-7" aria-hidden="true" />
                </span>
              ) : (
                <img src={url} alt="" className="h-16 w-16 shrink-0 rounded-md border border-line object-cover" />
              )}
              <span className="min-w-0">
                <span className="block text-sm font-medium text-ink">{isPdf(name) ? 'Dokumen PDF' : 'Foto kwitansi'}</span>
                <span className="block truncate text-xs text-muted">{name}</span>
              </span>
            </button>
            <div className="grid grid-cols-3 gap-2">
              <Button variant="secondary" size="sm" onClick={() => setPreviewOpen(true)} aria-label="Lihat foto kwitansi">
                <Eye className="h-4 w-4" aria-hidden="true" />
                Lihat
              </Button>
              <a
                href={downloadUrl(url)}
                download
                aria-label="Unduh foto kwitansi"
                className="inline-flex h-9 items-center justify-center gap-1.5 rounded-lg border border-line bg-white px-3 text-sm font-medium text-ink hover:bg-canvas"
              >
                <Download className="h-4 w-4" aria-hidden="true" />
                Unduh
              </a>
              <Button
                variant="outline"
                size="sm"
                className="text-red-700 hover:bg-red-50"
                onClick={() => setConfirmOpen(true)}
                aria-label="Hapus foto kwitansi"
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Hapus
              </Button>
            </div>
          </div>
        ) : (
          <div className="space-y-3 text-center">
            <p className="text-sm text-muted">Belum ada foto kwitansi.</p>
            <Button variant="outline" size="sm" onClick={onUpload}>
              <Upload className="h-4 w-4" aria-hidden="true" />
              Unggah Kwitansi
            </Button>
          </div>
        )}
      </CardBody>

      <Dialog
        open={previewOpen && Boolean(url)}
        onOpenChange={setPreviewOpen}
        title="Foto Kwitansi"
        size="xl"
        footer={
          url ? (
            <a
              href={downloadUrl(url)}
              download
              className="inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              Unduh
            </a>
          ) : null
        }
      >
        {name && url ? (
          isPdf(name) ? (
            <div className="flex flex-col items-center gap-2 py-10 text-center text-sm text-muted">
              <FileText className="h-10 w-10 text-red-700" aria-hidden="true" />
              File PDF tidak dapat ditampilkan dalam preview
            </div>
          ) : (
            <ImagePreview src={url} />
          )
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        message="Apakah Anda yakin ingin menghapus foto kwitansi ini? Tindakan ini tidak dapat dibatalkan."
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </Card>
  );
}
