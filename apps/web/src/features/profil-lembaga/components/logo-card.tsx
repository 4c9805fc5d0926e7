import { useRef, useState } from 'react';
import { ImageOff, Trash2, Upload } from 'lucide-react';
import { detectLogoType, LOGO_MAX_BYTES, profilLembagaMessages, type ProfilLembagaResponse } from '@mizan/core';
import { Button } from '../../../components/ui/button';
import { TitledCard } from '../../../components/ui/card';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useRemoveLogo, useUploadLogo } from '../api/profil-lembaga-api';

/** The logo: shown as documents and the landing page show it; replaced or removed by administrators. */
export function LogoCard({ data, canEdit }: { data: ProfilLembagaResponse; canEdit: boolean }) {
  const { showToast } = useToast();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const confirmation = useConfirmation(remove.isPending);

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    // The same checks as the server's, before sending: type by the first bytes, size.
    const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
    const message =
      file.size > LOGO_MAX_BYTES
        ? profilLembagaMessages.logoTooLarge
        : !detectLogoType(head)
          ? profilLembagaMessages.logoType
          : null;
    setProblem(message);
    if (message) return;
    upload.mutate(file, {
      onSuccess: () => showToast('Logo lembaga disimpan', 'success'),
      onError: (error) => {
        setProblem(errorMessage(error, 'Gagal mengunggah logo'));
      },
    });
  };

  return (
    <TitledCard title="Logo" bodyClassName="space-y-4">
      <div className="flex items-center gap-4">
        <div className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-line bg-canvas">
          {data.logo_url ? (
            <img src={data.logo_url} alt={`Logo ${data.profil.nama}`} className="h-full w-full object-contain" />
          ) : (
            <ImageOff className="h-7 w-7 text-muted" aria-hidden="true" />
          )}
        </div>
        <p className="text-sm text-muted">
          {data.logo_url ? 'Logo tampil di kop dokumen dan di halaman depan.' : 'Belum ada logo. Dokumen dicetak tanpa logo.'} PNG
          atau JPEG, maksimal 1 MB.
        </p>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {canEdit ? (
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg"
            className="sr-only"
            aria-label="File logo lembaga"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <Button
            variant="outline"
            onClick={() => input.current?.click()}
            disabled={upload.isPending}
            aria-label="Unggah logo lembaga"
          >
            <Upload className="h-4 w-4" aria-hidden="true" />
            {upload.isPending ? 'Mengunggah...' : data.logo_url ? 'Ganti Logo' : 'Unggah Logo'}
          </Button>
          {data.logo_url ? (
            <Button variant="danger" onClick={confirmation.ask} aria-label="Hapus logo lembaga">
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Hapus Logo
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        {...confirmation.props}
        title="Hapus Logo"
        message="Dokumen dan halaman depan akan tampil tanpa logo. Hapus logo lembaga?"
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              confirmation.close();
              showToast('Logo lembaga dihapus', 'success');
            },
            onError: (error) => {
              confirmation.close();
              showToast(errorMessage(error, 'Gagal menghapus logo'), 'error');
            },
          })
        }
      />
    </TitledCard>
  );
}
