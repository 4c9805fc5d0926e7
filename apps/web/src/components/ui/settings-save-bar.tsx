import { Fragment, type FormEvent, type ReactNode, type Ref } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatDateTime } from '@mizan/core';
import { Alert, MessageAlert } from './alert';
import { Button } from './button';
import { Checkbox } from './input';
import { TitledCard } from './card';
import { Skeleton } from './skeleton';

/**
 * The foot of a settings form: why the last save failed (when it did), who changed the setting
 * last and when (or what holds while it was never changed), and the save button for those who
 * may change it.
 */
export function SettingsSaveBar({
  changed,
  neverChanged,
  canEdit,
  pending,
  failure,
}: {
  /** The saved setting's last change (a settings response carries both). */
  changed: { diubah_oleh: string | null; diubah_pada: string | null };
  /** Said while the setting was never changed. */
  neverChanged: string;
  canEdit: boolean;
  pending: boolean;
  /** Why the form was not saved, shown above the bar; nothing when it is empty. */
  failure?: ReactNode;
}) {
  return (
    <>
      <MessageAlert tone="error" title="Pengaturan belum dapat disimpan" message={failure} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          {changed.diubah_pada
            ? `Terakhir diubah oleh ${changed.diubah_oleh ?? '-'} pada ${formatDateTime(changed.diubah_pada)}.`
            : neverChanged}
        </p>
        {canEdit ? (
          <Button type="submit" disabled={pending}>
            {pending ? 'Menyimpan...' : 'Simpan Pengaturan'}
          </Button>
        ) : null}
      </div>
    </>
  );
}

/** The notice at the top of a settings form for those who may only read it; `children` says what they can see. */
function ReadOnlySettingsNotice({ children }: { children: ReactNode }) {
  return (
    <Alert tone="info" title="Hanya admin yang dapat mengubah pengaturan ini">
      {children}
    </Alert>
  );
}

/** What a settings page says of its setting: what those who may only read it see, and what holds while it was never changed. */
export interface SettingsNotes {
  readOnly: string;
  neverChanged: string;
}

/**
 * A settings form that everyone reads and administrators save: for everyone else the notice of what
 * they see (`notes.readOnly`) above its sections (`children`), and the save bar below them.
 */
export function SettingsForm({
  settings,
  canEdit,
  notes,
  pending,
  failure,
  onSubmit,
  formRef,
  className = 'space-y-5',
  children,
}: {
  /** The saved setting (its last change). */
  settings: { diubah_oleh: string | null; diubah_pada: string | null };
  canEdit: boolean;
  notes: SettingsNotes;
  pending: boolean;
  /** Why the form was not saved (see SettingsSaveBar). */
  failure?: ReactNode;
  onSubmit(event: FormEvent): Promise<void>;
  formRef?: Ref<HTMLFormElement>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate className={className}>
      {!canEdit ? <ReadOnlySettingsNotice>{notes.readOnly}</ReadOnlySettingsNotice> : null}
      {children}
      <SettingsSaveBar
        changed={settings}
        neverChanged={notes.neverChanged}
        canEdit={canEdit}
        pending={pending}
        failure={failure}
      />
    </form>
  );
}

/** A settings checkbox with its title and a line on what it does (the title and the line are its accessible name). */
export function SettingsCheckbox({
  checked,
  onChange,
  title,
  children,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  title: string;
  /** What checking it does. */
  children: ReactNode;
}) {
  return (
    <label className="flex items-start gap-3 text-sm text-ink">
      <Checkbox className="mt-0.5 h-4 w-4 accent-brand-700" checked={checked} onChange={onChange} />
      <span>
        <span className="font-medium">{title}</span>
        <span className="block text-muted">{children}</span>
      </span>
    </label>
  );
}

/** A settings card: its title, then the form for those who may change it or `readOnly`, what holds, for everyone else. */
export function SettingsCard({
  title,
  canEdit,
  form,
  readOnly,
}: {
  title: string;
  canEdit: boolean;
  form: ReactNode;
  readOnly: ReactNode;
}) {
  return <TitledCard title={title}>{canEdit ? form : readOnly}</TitledCard>;
}

/**
 * A setting's form once the setting is loaded (a placeholder until then); it starts afresh from the saved
 * setting after every save (keyed by when it was last changed).
 */
export function LoadedSettings<T extends { diubah_pada: string | null }>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children(data: T): ReactNode;
}) {
  if (!query.data) return <Skeleton className="h-40 w-full rounded-xl" />;
  return <Fragment key={query.data.diubah_pada ?? 'bawaan'}>{children(query.data)}</Fragment>;
}
