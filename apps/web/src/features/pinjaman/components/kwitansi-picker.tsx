import { useId, useRef, useState } from 'react';
import { FileText, ImageUp, X } from 'lucide-react';
import { formatFileSizeMb, KWITANSI_ACCEPT } from '@mizan/core';
import { Button } from '../../../components/ui/button';
import { FieldError, FieldLabel } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { cn } from '../../../components/ui/cn';
import { KwitansiFileError, prepareKwitansi } from '../utils/prepare-kwitansi';

export interface KwitansiPickerProps {
  label: string;
  required?: boolean;
  /** The prepared file to upload, or null. */
  value: File | null;
  onChange(file: File | null): void;
  /** Field error from the form or the server. */
  error?: string;
  /** The receipt already attached (edit form), shown until a new one is picked. */
  current?: { name: string; url: string | null } | null;
  onBusyChange?(busy: boolean): void;
}

/** A data URL of an image file, for the preview ('Failed to read file' when the browser cannot read it). */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('Failed to read file'));
    reader.readAsDataURL(file);
  });
}

/**
 * The receipt picker (spec §5): JPEG, PNG or PDF; a picked image is downscaled in the browser
 * (at most 1920×1080, JPEG 0.85) with an info toast giving the size before and after; the
 * preview shows the file and its size in MB.
 */
export function KwitansiPicker({ label, required, value, onChange, error, current, onBusyChange }: KwitansiPickerProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const previewUrl = value && preview?.file === value ? preview.url : null;
  const shownError = localError ?? error;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setLocalError(null);
    setBusy(true);
    onBusyChange?.(true);
    try {
      const prepared = await prepareKwitansi(file);
      const url = prepared.file.type.startsWith('image/') ? await readAsDataUrl(prepared.file).catch(() => null) : null;
      setPreview(url ? { file: prepared.file, url } : null);
      onChange(prepared.file);
      if (prepared.resizedNote) showToast(prepared.resizedNote, 'info');
    } catch (e) {
      const message = e instanceof KwitansiFileError ? e.message : 'Gagal memproses file';
      setLocalError(message);
      showToast(message, 'error');
    } finally {
      setBusy(false);
      onBusyChange?.(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <div className="space-y-1.5">
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={KWITANSI_ACCEPT}
        className="sr-only"
        aria-describedby={shownError ? errorId : undefined}
        aria-invalid={shownError ? true : undefined}
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      {value ? (
        <div className="flex items-center gap-3 rounded-lg border border-line bg-canvas p-2.5" data-testid="kwitansi-preview">
          {previewUrl ? (
            <img
              src={previewUrl}
              alt="Pratinjau kwitansi"
              className="h-16 w-16 shrink-0 rounded-md border border-line bg-white object-cover"
            />
          ) : (
            <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-md border border-line bg-white text-red-700">
              <FileText className="h-7 w-7" aria-hidden="true" />
            </span>
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-ink">{value.name}</p>
            <p className="text-xs text-muted">{formatFileSizeMb(value.size)}</p>
          </div>
          <Button variant="ghost" size="icon" onClick={() => onChange(null)} aria-label="Batalkan pilihan file">
            <X className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      ) : current ? (
        <p className="text-xs text-muted">
          Kwitansi saat ini:{' '}
          {current.url ? (
            <a href={current.url} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline">
              {current.name}
            </a>
          ) : (
            current.name
          )}
          . Pilih file baru untuk menggantinya.
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => inputRef.current?.click()}
        disabled={busy}
        className={cn(
          'flex w-full items-center justify-center gap-2 rounded-lg border border-dashed px-3 py-3 text-sm font-medium transition-colors',
          shownError ? 'border-red-400 text-red-800' : 'border-brand-300 text-brand-800 hover:bg-brand-50',
          busy && 'cursor-wait opacity-70',
        )}
      >
        {busy ? <Spinner label="Memproses file..." /> : <ImageUp className="h-4 w-4" aria-hidden="true" />}
        {busy ? 'Memproses file...' : value ? 'Ganti file' : 'Pilih foto atau PDF kwitansi'}
      </button>
      <p className="text-xs text-muted">JPEG, PNG atau PDF, maksimal 5 MB. Foto diperkecil otomatis sebelum diunggah.</p>
      <FieldError id={errorId} error={shownError} />
    </div>
  );
}
