import { useRef, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import {
  formatDateLong,
  hariNames,
  isoWeekday,
  pengingatPlaceholderDescriptions,
  pengingatPlaceholders,
  pengingatSettingSchema,
  stageLabel,
  windowText,
  type PengingatSetting,
  type PengingatSettingsResponse,
} from '@mizan/core';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle, TitledCard } from '../../../components/ui/card';
import { Field, FieldError } from '../../../components/ui/field';
import { Checkbox, Input } from '../../../components/ui/input';
import { SettingsForm, type SettingsNotes } from '../../../components/ui/settings-save-bar';
import { useSavePengingat } from '../api/pengingat-api';
import { schemaProblems, useCheckedSettings } from '../hooks/use-checked-settings';
import { TemplateEditor } from './template-editor';
import { ToggleCardHeader } from './toggle-card-header';

const notes: SettingsNotes = {
  readOnly: 'Anda dapat melihat kapan dan bagaimana nasabah diingatkan.',
  neverChanged: 'Belum pernah diubah: pengingat belum aktif, dengan tahap dan template bawaan.',
};

/** The Indonesian problem of each field, keyed as the server's field errors (`tahap.0.template`, `jeda_detik.max`). */
const problemsOf = (draft: PengingatSetting) => schemaProblems(pengingatSettingSchema, draft);

/** What a stage's day means: "3 hari sebelum jatuh tempo", "pada hari jatuh tempo", "7 hari setelah jatuh tempo". */
function stageMeaning(hari: number): string {
  if (!Number.isInteger(hari)) return 'Isi hari dari jatuh tempo';
  if (hari === 0) return 'pada hari jatuh tempo';
  return `${Math.abs(hari)} hari ${hari < 0 ? 'sebelum' : 'setelah'} jatuh tempo`;
}

/** A whole number typed freely: what is typed stays on screen, the draft gets the number (NaN while not one). */
function NumberInput({
  value,
  onChange,
  disabled,
  className,
  ...rest
}: {
  value: number;
  onChange(value: number): void;
  disabled: boolean;
  className?: string;
  id?: string;
  'aria-describedby'?: string;
  invalid?: boolean;
}) {
  const [text, setText] = useState(Number.isFinite(value) ? String(value) : '');
  return (
    <Input
      {...rest}
      inputMode="numeric"
      className={className}
      value={text}
      disabled={disabled}
      onChange={(e) => {
        setText(e.target.value);
        const trimmed = e.target.value.trim();
        onChange(/^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN);
      }}
    />
  );
}

/**
 * Lainnya → WhatsApp → Pengingat Angsuran (issue 24, part B): whether reminders go to customers,
 * the stages relative to the due date with their templates and a live preview on a real loan, the
 * days and hours they may go (POJK 22/2023 Pasal 62), the holidays, the pause between two and the
 * day's cap. Administrators save it; everyone else reads it.
 */
export function PengingatForm({ data, canEdit }: { data: PengingatSettingsResponse; canEdit: boolean }) {
  const { draft, setDraft, problems, setServerProblems, setFailure, form } = useCheckedSettings({
    initial: data.setting,
    problemsOf,
    save: useSavePengingat(),
    savedMessage: 'Pengaturan pengingat disimpan.',
  });
  // Stages keep their identity while their day is edited (keys of the cards).
  const [stageKeys, setStageKeys] = useState(() => data.setting.tahap.map((_, i) => i));
  const nextKey = useRef(data.setting.tahap.length);
  const [newHoliday, setNewHoliday] = useState('');

  const change = (next: (d: PengingatSetting) => PengingatSetting) => {
    setDraft(next);
    setServerProblems({});
    setFailure(null);
  };
  const setStage = (index: number, patch: Partial<PengingatSetting['tahap'][number]>) =>
    change((d) => ({ ...d, tahap: d.tahap.map((s, i) => (i === index ? { ...s, ...patch } : s)) }));
  const removeStage = (index: number) => {
    change((d) => ({ ...d, tahap: d.tahap.filter((_, i) => i !== index) }));
    setStageKeys((keys) => keys.filter((_, i) => i !== index));
  };
  const addStage = () => {
    const used = new Set(draft.tahap.map((s) => s.hari));
    const hari = [14, 30, 2, 5, -1, -7].find((h) => !used.has(h)) ?? 21;
    const template = data.bawaan.tahap.find((s) => s.hari > 0)?.template ?? data.bawaan.tahap[0]!.template;
    change((d) => ({ ...d, tahap: [...d.tahap, { hari, template }] }));
    setStageKeys((keys) => [...keys, nextKey.current++]);
  };
  const toggleDay = (day: number, on: boolean) =>
    change((d) => ({
      ...d,
      hari_kirim: on ? [...d.hari_kirim, day].sort((a, b) => a - b) : d.hari_kirim.filter((x) => x !== day),
    }));
  const addHoliday = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(newHoliday) || draft.libur.includes(newHoliday)) return;
    change((d) => ({ ...d, libur: [...d.libur, newHoliday].sort() }));
    setNewHoliday('');
  };

  const holidayDirty = JSON.stringify(draft.libur) !== JSON.stringify(data.bawaan.libur);

  return (
    <SettingsForm {...form} settings={data} canEdit={canEdit} notes={notes}>
      <Card>
        <ToggleCardHeader
          title="Pengingat angsuran ke nasabah"
          checked={draft.aktif}
          onChange={(aktif) => change((d) => ({ ...d, aktif }))}
          disabled={!canEdit}
          ariaLabel="Kirim pengingat angsuran ke nasabah"
          onText="Aktif"
          offText="Tidak aktif"
        />
        <CardBody className="space-y-2 text-sm text-muted">
          {draft.aktif ? null : (
            <Alert tone="warning" title="Pengingat belum aktif">
              Tidak ada pengingat yang dikirim ke nasabah sampai pengingat diaktifkan dan disimpan.
            </Alert>
          )}
          <p>
            Setiap tahap dikirim sekali untuk setiap angsuran yang belum dibayar, hanya ke nomor nasabah sendiri, untuk pinjaman
            aktif dari nasabah aktif yang bersedia menerima pengingat. Pengingat diperiksa lagi tepat sebelum dikirim: angsuran
            yang sudah dibayar tidak diingatkan. Pengingat yang tidak terkirim pada harinya tidak dikirim terlambat.
          </p>
          <p>
            Nasabah yang membalas <strong className="text-ink">BERHENTI</strong> atau <strong className="text-ink">STOP</strong>{' '}
            tidak dikirimi pengingat lagi dan menerima satu konfirmasi.
          </p>
        </CardBody>
      </Card>

      <TitledCard title="Waktu kirim" bodyClassName="space-y-5">
        <p className="text-sm text-muted">
          OJK membatasi penagihan oleh lembaga keuangan pada Senin–Sabtu di luar hari libur nasional, pukul 08.00–20.00 waktu
          setempat (POJK 22 Tahun 2023, Pasal 62). Saat ini: {windowText(draft)}.
        </p>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-ink">Hari kirim</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {hariNames.map((name, i) => (
              <label key={name} className="flex items-center gap-2 text-sm text-ink">
                <Checkbox
                  className="h-4 w-4 accent-brand-600"
                  checked={draft.hari_kirim.includes(i + 1)}
                  disabled={!canEdit}
                  onChange={(checked) => toggleDay(i + 1, checked)}
                />
                {name}
              </label>
            ))}
          </div>
          <FieldError id="hari-kirim-error" error={problems.hari_kirim} />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Jam mulai (WIB)" error={problems.mulai} hint="Format JJ:MM, misalnya 08:00.">
            <Input
              inputMode="numeric"
              maxLength={5}
              className="max-w-32"
              value={draft.mulai}
              disabled={!canEdit}
              onChange={(e) => change((d) => ({ ...d, mulai: e.target.value }))}
            />
          </Field>
          <Field label="Jam selesai (WIB)" error={problems.selesai} hint="Tidak ada pengingat mulai jam ini.">
            <Input
              inputMode="numeric"
              maxLength={5}
              className="max-w-32"
              value={draft.selesai}
              disabled={!canEdit}
              onChange={(e) => change((d) => ({ ...d, selesai: e.target.value }))}
            />
          </Field>
          <Field label="Jeda minimal (detik)" error={problems['jeda_detik.min']} hint="Jeda acak antara dua pengingat.">
            <NumberInput
              className="max-w-32"
              value={draft.jeda_detik.min}
              disabled={!canEdit}
              onChange={(min) => change((d) => ({ ...d, jeda_detik: { ...d.jeda_detik, min } }))}
            />
          </Field>
          <Field label="Jeda maksimal (detik)" error={problems['jeda_detik.max']}>
            <NumberInput
              className="max-w-32"
              value={draft.jeda_detik.max}
              disabled={!canEdit}
              onChange={(max) => change((d) => ({ ...d, jeda_detik: { ...d.jeda_detik, max } }))}
            />
          </Field>
          <Field
            label="Batas harian"
            error={problems.batas_harian}
            hint="Pesan ke nasabah per hari (pengingat dan kiriman tangan). Sisanya tidak dikirim hari itu."
          >
            <NumberInput
              className="max-w-32"
              value={draft.batas_harian}
              disabled={!canEdit}
              onChange={(batas_harian) => change((d) => ({ ...d, batas_harian }))}
            />
          </Field>
          <Field
            label="Batas minggu pertama"
            error={problems.batas_minggu_pertama}
            hint="Per hari selama 7 hari setelah nomor WhatsApp baru dihubungkan: nomor baru yang langsung mengirim banyak pesan mudah diblokir."
          >
            <NumberInput
              className="max-w-32"
              value={draft.batas_minggu_pertama}
              disabled={!canEdit}
              onChange={(batas_minggu_pertama) => change((d) => ({ ...d, batas_minggu_pertama }))}
            />
          </Field>
        </div>
      </TitledCard>

      <Card>
        <CardHeader className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle>Hari libur ({draft.libur.length.toLocaleString('id-ID')})</CardTitle>
          {canEdit && holidayDirty ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => change((d) => ({ ...d, libur: [...data.bawaan.libur] }))}
            >
              Pakai daftar libur nasional bawaan
            </Button>
          ) : null}
        </CardHeader>
        <CardBody className="space-y-4">
          <p className="text-sm text-muted">Tidak ada pengingat pada tanggal ini. Bawaan: libur nasional 2026 (SKB 3 Menteri).</p>
          {draft.libur.length === 0 ? (
            <p className="text-sm text-muted">Belum ada hari libur.</p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {draft.libur.map((date, i) => (
                <li
                  key={date}
                  className="flex items-center justify-between gap-2 rounded-lg border border-line px-3 py-1.5 text-sm"
                >
                  <span className="min-w-0">
                    <span className="text-muted">{hariNames[isoWeekday(date) - 1]}, </span>
                    <span className="text-ink">{formatDateLong(date)}</span>
                    {problems[`libur.${i}`] ? <span className="block text-xs text-red-700">{problems[`libur.${i}`]}</span> : null}
                  </span>
                  {canEdit ? (
                    <button
                      type="button"
                      className="rounded-md p-1.5 text-muted hover:bg-red-50 hover:text-red-700"
                      aria-label={`Hapus hari libur ${formatDateLong(date)}`}
                      onClick={() => change((d) => ({ ...d, libur: d.libur.filter((x) => x !== date) }))}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <FieldError id="libur-error" error={problems.libur} />
          {canEdit ? (
            <div className="flex flex-wrap items-end gap-2">
              <Field label="Tambah hari libur" className="min-w-0">
                <Input type="date" value={newHoliday} onChange={(e) => setNewHoliday(e.target.value)} className="max-w-48" />
              </Field>
              <Button
                type="button"
                variant="outline"
                onClick={addHoliday}
                disabled={newHoliday === '' || draft.libur.includes(newHoliday)}
              >
                <Plus className="h-4 w-4" aria-hidden="true" />
                Tambah
              </Button>
            </div>
          ) : null}
        </CardBody>
      </Card>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-ink">Tahap pengingat</h2>
        {canEdit && draft.tahap.length < 6 ? (
          <Button type="button" variant="outline" size="sm" onClick={addStage}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Tambah tahap
          </Button>
        ) : null}
      </div>
      <FieldError id="tahap-error" error={problems.tahap} />
      {draft.tahap.map((stage, index) => {
        const label = Number.isInteger(stage.hari) ? stageLabel(stage.hari) : `tahap ${index + 1}`;
        const bawaan = data.bawaan.tahap.find((s) => s.hari === stage.hari)?.template ?? null;
        return (
          <Card key={stageKeys[index]}>
            <CardHeader className="flex flex-wrap items-center justify-between gap-3">
              <div>
                <CardTitle>Tahap {label}</CardTitle>
                <p className="text-sm text-muted">{stageMeaning(stage.hari)}</p>
              </div>
              {canEdit ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={draft.tahap.length <= 1}
                  aria-label={`Hapus tahap ${label}`}
                  onClick={() => removeStage(index)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  Hapus tahap
                </Button>
              ) : null}
            </CardHeader>
            <CardBody className="grid gap-5 lg:grid-cols-2">
              <div className="lg:col-span-2">
                <Field
                  label={`Hari dari jatuh tempo (tahap ${label})`}
                  error={problems[`tahap.${index}.hari`]}
                  hint="Negatif: sebelum jatuh tempo (-3 = H-3); 0: pada hari jatuh tempo; positif: setelahnya."
                >
                  <NumberInput
                    className="max-w-32"
                    value={stage.hari}
                    disabled={!canEdit}
                    onChange={(hari) => setStage(index, { hari })}
                  />
                </Field>
              </div>
              <TemplateEditor
                id={`tahap-${stageKeys[index]}`}
                label={`pengingat ${label}`}
                template={stage.template}
                onChange={(template) => setStage(index, { template })}
                placeholders={pengingatPlaceholders}
                descriptions={pengingatPlaceholderDescriptions}
                values={stage.hari > 0 ? (data.contoh_tunggakan ?? data.contoh) : data.contoh}
                previewNote={
                  stage.hari > 0 && data.contoh_tunggakan
                    ? 'Contoh dari angsuran tertunggak tertua pinjaman menunggak terbaru.'
                    : 'Contoh dari angsuran berikutnya pinjaman aktif terbaru.'
                }
                bawaan={bawaan}
                error={problems[`tahap.${index}.template`]}
                canEdit={canEdit}
              />
            </CardBody>
          </Card>
        );
      })}
    </SettingsForm>
  );
}
