import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  notifikasiEventLabels,
  notifikasiEvents,
  notifikasiPlaceholders,
  notifikasiSettingSchema,
  placeholderDescriptions,
  renderTemplate,
  TEMPLATE_MAX_LENGTH,
  type NotifikasiEvent,
  type NotifikasiSetting,
  type NotifikasiSettingsResponse,
} from '@mizan/core';
import { Alert } from '../../../components/ui/alert';
import { SettingsSaveBar } from '../../../components/ui/settings-save-bar';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSaveNotifikasi } from '../api/notifikasi-api';

/** What each event's preview is made of (the GET's `contoh`), said under the preview. */
const previewSource: Record<NotifikasiEvent, string> = {
  pembayaran_baru: 'Contoh dari pembayaran terbaru.',
  pinjaman_baru: 'Contoh dari pinjaman terbaru.',
  pinjaman_lunas: 'Contoh dari pinjaman lunas terbaru.',
  kolektibilitas_memburuk: 'Contoh dari pinjaman golongan 3–5 terbaru (golongan sebelumnya dicontohkan 2).',
  rekap_harian: 'Contoh dengan angka hari ini sampai saat ini.',
};

/** The Indonesian problem of each field, keyed as the server's field errors (`events.<event>.template`, `jam_rekap`). */
function problemsOf(draft: NotifikasiSetting): Record<string, string> {
  const parsed = notifikasiSettingSchema.safeParse(draft);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

/**
 * Lainnya → WhatsApp → Notifikasi (issue 24): which events notify the recipients list, each
 * event's template with its placeholders and a live preview on real data, and the time of the
 * daily recap. Administrators save it; everyone else reads it.
 */
export function NotifikasiForm({
  data,
  canEdit,
  activeRecipients,
}: {
  data: NotifikasiSettingsResponse;
  canEdit: boolean;
  /** Active recipients, when known: none means nothing is sent. */
  activeRecipients: number | null;
}) {
  const { showToast } = useToast();
  const save = useSaveNotifikasi();
  const [draft, setDraft] = useState<NotifikasiSetting>(() => structuredClone(data.setting));
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const editors = useRef<Partial<Record<NotifikasiEvent, HTMLTextAreaElement | null>>>({});
  const problems = { ...serverProblems, ...problemsOf(draft) };

  const setEvent = (event: NotifikasiEvent, next: Partial<NotifikasiSetting['events'][NotifikasiEvent]>) => {
    setDraft((d) => ({ ...d, events: { ...d.events, [event]: { ...d.events[event], ...next } } }));
    setServerProblems({});
    setFailure(null);
  };

  /** Puts `{name}` where the cursor is in the event's template (at the end when it was never focused). */
  const insert = (event: NotifikasiEvent, name: string) => {
    const editor = editors.current[event];
    const text = draft.events[event].template;
    const token = `{${name}}`;
    const start = editor?.selectionStart ?? text.length;
    const end = editor?.selectionEnd ?? text.length;
    setEvent(event, { template: text.slice(0, start) + token + text.slice(end) });
    requestAnimationFrame(() => {
      editor?.focus();
      editor?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (Object.keys(problemsOf(draft)).length > 0) {
      setFailure('Periksa kembali isian yang ditandai.');
      // The first field marked is where the person goes next.
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    try {
      const res = await save.mutateAsync(draft);
      setDraft(structuredClone(res.data.setting));
      setFailure(null);
      showToast(res.message ?? 'Pengaturan notifikasi disimpan.', 'success');
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0)
        setServerProblems(Object.fromEntries(error.errors.map((f) => [f.path, f.msg])));
      setFailure(errorMessage(error, 'Pengaturan gagal disimpan'));
      showToast(errorMessage(error, 'Pengaturan gagal disimpan'), 'error');
    }
  };

  return (
    <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5">
      {!canEdit ? (
        <Alert tone="info" title="Hanya admin yang dapat mengubah pengaturan ini">
          Anda dapat melihat notifikasi yang dikirim dan templatenya.
        </Alert>
      ) : null}
      {activeRecipients === 0 ? (
        <Alert tone="warning" title="Belum ada penerima aktif">
          Notifikasi tidak dikirim ke siapa pun sampai ada penerima aktif di{' '}
          <Link to="/wa-notification-recipients" className="font-medium underline">
            Penerima Notifikasi
          </Link>
          .
        </Alert>
      ) : (
        <p className="text-sm text-muted">
          Notifikasi dikirim ke{' '}
          {activeRecipients === null ? 'semua penerima aktif' : `${activeRecipients.toLocaleString('id-ID')} penerima aktif`} di{' '}
          <Link to="/wa-notification-recipients" className="font-medium text-brand-700 underline">
            Penerima Notifikasi
          </Link>
          . Selama WhatsApp tidak terhubung, pesan menunggu dan dikirim setelah terhubung kembali.
        </p>
      )}

      {notifikasiEvents.map((event) => {
        const label = notifikasiEventLabels[event];
        const { aktif, template } = draft.events[event];
        const problem = problems[`events.${event}.template`];
        const values = data.contoh[event] ?? null;
        const isDefault = template === data.bawaan.events[event].template;
        return (
          <Card key={event}>
            <CardHeader className="flex flex-wrap items-center justify-between gap-3">
              <CardTitle>{label}</CardTitle>
              <label className="flex items-center gap-2 text-sm font-medium text-ink">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  checked={aktif}
                  disabled={!canEdit}
                  aria-label={`Kirim notifikasi ${label}`}
                  onChange={(e) => setEvent(event, { aktif: e.target.checked })}
                />
                {aktif ? 'Dikirim' : 'Tidak dikirim'}
              </label>
            </CardHeader>
            <CardBody className="grid gap-5 lg:grid-cols-2">
              <div className="min-w-0 space-y-3">
                {event === 'rekap_harian' ? (
                  <Field
                    label="Jam rekap harian (WIB)"
                    error={problems.jam_rekap}
                    hint="Format JJ:MM, misalnya 17:00. Dikirim sekali sehari pada jam ini, waktu Jakarta."
                  >
                    <Input
                      inputMode="numeric"
                      maxLength={5}
                      placeholder="17:00"
                      className="max-w-32"
                      value={draft.jam_rekap}
                      disabled={!canEdit}
                      onChange={(e) => {
                        setDraft((d) => ({ ...d, jam_rekap: e.target.value }));
                        setServerProblems({});
                      }}
                    />
                  </Field>
                ) : null}
                <Field
                  label={`Template ${label}`}
                  error={problem}
                  hint={`${template.length.toLocaleString('id-ID')} dari ${TEMPLATE_MAX_LENGTH.toLocaleString('id-ID')} karakter`}
                >
                  <Textarea
                    ref={(el) => {
                      editors.current[event] = el;
                    }}
                    rows={4}
                    className="field-sizing-content"
                    value={template}
                    disabled={!canEdit}
                    onChange={(e) => setEvent(event, { template: e.target.value })}
                  />
                </Field>
                {canEdit ? (
                  <div>
                    <p className="mb-1.5 text-xs font-medium text-muted">Sisipkan placeholder:</p>
                    <ul className="flex flex-wrap gap-1.5">
                      {notifikasiPlaceholders[event].map((name) => (
                        <li key={name}>
                          <button
                            type="button"
                            title={placeholderDescriptions[name]}
                            aria-label={`Sisipkan {${name}} (${placeholderDescriptions[name]}) ke template ${label}`}
                            onClick={() => insert(event, name)}
                            className="rounded-md border border-line bg-canvas px-2 py-1.5 font-mono text-xs text-ink hover:border-brand-300 hover:bg-brand-50"
                          >
                            {`{${name}}`}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                <details className="text-xs text-muted">
                  <summary className="cursor-pointer font-medium">Arti setiap placeholder</summary>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                    {notifikasiPlaceholders[event].map((name) => (
                      <div key={name} className="contents">
                        <dt className="font-mono text-ink">{`{${name}}`}</dt>
                        <dd>{placeholderDescriptions[name]}</dd>
                      </div>
                    ))}
                  </dl>
                </details>
                {canEdit && !isDefault ? (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={`Kembalikan template bawaan ${label}`}
                    onClick={() => setEvent(event, { template: data.bawaan.events[event].template })}
                  >
                    Pakai template bawaan
                  </Button>
                ) : null}
              </div>
              <div className="min-w-0">
                <p className="mb-1.5 text-sm font-medium text-ink" id={`pratinjau-${event}`}>
                  Pratinjau
                </p>
                <div
                  role="region"
                  aria-labelledby={`pratinjau-${event}`}
                  aria-live="polite"
                  className="rounded-lg rounded-tl-none bg-[#dcf8c6] px-3 py-2 text-sm whitespace-pre-wrap break-words text-ink shadow-xs"
                >
                  {renderTemplate(template, values ?? {})}
                </div>
                <p className="mt-1.5 text-xs text-muted">
                  {values ? previewSource[event] : 'Belum ada data untuk contoh; placeholder ditampilkan apa adanya.'}
                </p>
              </div>
            </CardBody>
          </Card>
        );
      })}

      {failure ? (
        <Alert tone="error" title="Pengaturan belum dapat disimpan">
          {failure}
        </Alert>
      ) : null}

      <SettingsSaveBar
        diubahOleh={data.diubah_oleh}
        diubahPada={data.diubah_pada}
        neverChanged="Belum pernah diubah: semua notifikasi dikirim dengan template bawaan."
        canEdit={canEdit}
        pending={save.isPending}
      />
    </form>
  );
}
