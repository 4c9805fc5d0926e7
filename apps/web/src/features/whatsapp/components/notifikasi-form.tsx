import { Link } from 'react-router';
import {
  notifikasiEventLabels,
  notifikasiEvents,
  notifikasiPlaceholders,
  notifikasiSettingSchema,
  placeholderDescriptions,
  type NotifikasiEvent,
  type NotifikasiSetting,
  type NotifikasiSettingsResponse,
} from '@mizan/core';
import { Alert } from '../../../components/ui/alert';
import { SettingsForm, type SettingsNotes } from '../../../components/ui/settings-save-bar';
import { Card, CardBody } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useSaveNotifikasi } from '../api/notifikasi-api';
import { schemaProblems, useCheckedSettings } from '../hooks/use-checked-settings';
import { TemplateEditor } from './template-editor';
import { ToggleCardHeader } from './toggle-card-header';

/** What each event's preview is made of (the GET's `contoh`), said under the preview. */
const previewSource: Record<NotifikasiEvent, string> = {
  pembayaran_baru: 'Contoh dari pembayaran terbaru.',
  pinjaman_baru: 'Contoh dari pinjaman terbaru.',
  pinjaman_lunas: 'Contoh dari pinjaman lunas terbaru.',
  kolektibilitas_memburuk: 'Contoh dari pinjaman golongan 3–5 terbaru (golongan sebelumnya dicontohkan 2).',
  rekap_harian: 'Contoh dengan angka hari ini sampai saat ini.',
};

const notes: SettingsNotes = {
  readOnly: 'Anda dapat melihat notifikasi yang dikirim dan templatenya.',
  neverChanged: 'Belum pernah diubah: semua notifikasi dikirim dengan template bawaan.',
};

/** The Indonesian problem of each field, keyed as the server's field errors (`events.<event>.template`, `jam_rekap`). */
const problemsOf = (draft: NotifikasiSetting) => schemaProblems(notifikasiSettingSchema, draft);

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
  const { draft, setDraft, problems, setServerProblems, setFailure, form } = useCheckedSettings({
    initial: data.setting,
    problemsOf,
    save: useSaveNotifikasi(),
    savedMessage: 'Pengaturan notifikasi disimpan.',
    reload: (res) => structuredClone(res.data.setting),
  });

  const setEvent = (event: NotifikasiEvent, next: Partial<NotifikasiSetting['events'][NotifikasiEvent]>) => {
    setDraft((d) => ({ ...d, events: { ...d.events, [event]: { ...d.events[event], ...next } } }));
    setServerProblems({});
    setFailure(null);
  };

  return (
    <SettingsForm {...form} settings={data} canEdit={canEdit} notes={notes}>
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
        return (
          <Card key={event}>
            <ToggleCardHeader
              title={label}
              checked={aktif}
              onChange={(checked) => setEvent(event, { aktif: checked })}
              disabled={!canEdit}
              ariaLabel={`Kirim notifikasi ${label}`}
              onText="Dikirim"
              offText="Tidak dikirim"
            />
            <CardBody className="grid gap-5 lg:grid-cols-2">
              {event === 'rekap_harian' ? (
                <div className="lg:col-span-2">
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
                </div>
              ) : null}
              <TemplateEditor
                id={event}
                label={label}
                template={template}
                onChange={(next) => setEvent(event, { template: next })}
                placeholders={notifikasiPlaceholders[event]}
                descriptions={placeholderDescriptions}
                values={values}
                previewNote={previewSource[event]}
                bawaan={data.bawaan.events[event].template}
                error={problem}
                canEdit={canEdit}
              />
            </CardBody>
          </Card>
        );
      })}
    </SettingsForm>
  );
}
