import { formatDateTime } from '@mizan/core';
import { Button } from './button';

/**
 * The foot of a settings form: who changed the setting last and when (or what holds while it was
 * never changed), and the save button for those who may change it.
 */
export function SettingsSaveBar({
  diubahOleh,
  diubahPada,
  neverChanged,
  canEdit,
  pending,
}: {
  diubahOleh: string | null;
  diubahPada: string | null;
  /** Said while the setting was never changed. */
  neverChanged: string;
  canEdit: boolean;
  pending: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted">
        {diubahPada ? `Terakhir diubah oleh ${diubahOleh ?? '-'} pada ${formatDateTime(diubahPada)}.` : neverChanged}
      </p>
      {canEdit ? (
        <Button type="submit" disabled={pending}>
          {pending ? 'Menyimpan...' : 'Simpan Pengaturan'}
        </Button>
      ) : null}
    </div>
  );
}
