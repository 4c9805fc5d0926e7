import { useState, type FormEvent } from 'react';
import {
  kolektibilitasLabels,
  kolektibilitasSettingSchema,
  kolektibilitasValues,
  presetOf,
  toNumberInput,
  type Kolektibilitas,
  type KolektibilitasSetting,
  type KolektibilitasSettingsResponse,
} from '@mizan/core';
import { Alert } from '../../../components/ui/alert';
import { SettingsForm, type SettingsNotes } from '../../../components/ui/settings-save-bar';
import { KolektibilitasBadge } from '../../../components/ui/badge';
import { TitledCard } from '../../../components/ui/card';
import { Checkbox, Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useSaveKolektibilitas } from '../api/kolektibilitas-api';

/** The form's state: every class with whether it is used and its upper bound, as typed. */
interface Draft {
  used: Record<Kolektibilitas, boolean>;
  bound: Record<Kolektibilitas, string>;
  satu: boolean;
  ppap: Record<Kolektibilitas, string>;
}

const notes: SettingsNotes = {
  readOnly: 'Anda dapat melihat golongan yang berlaku.',
  neverChanged: 'Belum pernah diubah: golongan bawaan OJK.',
};

const decimal = (n: number) => String(n).replace('.', ',');

function toDraft(setting: KolektibilitasSetting): Draft {
  const used = { 1: false, 2: false, 3: false, 4: false, 5: false } as Record<Kolektibilitas, boolean>;
  const bound = { 1: '', 2: '', 3: '', 4: '', 5: '' } as Record<Kolektibilitas, string>;
  for (const band of setting.bands) {
    used[band.kelas] = true;
    bound[band.kelas] = band.sampai_hari === null ? '' : String(band.sampai_hari);
  }
  const ppap = Object.fromEntries(kolektibilitasValues.map((k) => [k, decimal(setting.ppap_persen[k])])) as Record<
    Kolektibilitas,
    string
  >;
  return { used, bound, satu: setting.satu_nasabah_satu_kualitas, ppap };
}

/** What the form would send; fields that are not numbers stay as typed, for the schema to name. */
function fromDraft(draft: Draft) {
  const classes = kolektibilitasValues.filter((k) => draft.used[k] || k === 1 || k === 5);
  return {
    bands: classes.map((kelas) => ({ kelas, sampai_hari: kelas === 5 ? null : toNumberInput(draft.bound[kelas]) })),
    satu_nasabah_satu_kualitas: draft.satu,
    ppap_persen: Object.fromEntries(kolektibilitasValues.map((k) => [k, toNumberInput(draft.ppap[k], true)])),
  };
}

/** The lower bound shown for a class: one day more than the bound of the class before it. */
function fromDay(draft: Draft, kelas: Kolektibilitas): string {
  const before = kolektibilitasValues.filter((k) => k < kelas && (draft.used[k] || k === 1)).at(-1);
  if (before === undefined) return '0';
  const n = Number(draft.bound[before]);
  return Number.isInteger(n) && draft.bound[before] !== '' ? String(n + 1) : '…';
}

/** Why the setting was not saved: each problem once. */
function ProblemList({ problems }: { problems: string[] }) {
  return (
    <ul className="list-disc pl-5">
      {problems.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
}

/**
 * The kolektibilitas setting (issue 23): a preset by name or bands of one's own, "one customer,
 * one grade", and the provision per class. Administrators save it; everyone else reads it.
 */
export function KolektibilitasForm({ data, canEdit }: { data: KolektibilitasSettingsResponse; canEdit: boolean }) {
  const { showToast } = useToast();
  const save = useSaveKolektibilitas();
  const [draft, setDraft] = useState<Draft>(() => toDraft(data.setting));
  const [problems, setProblems] = useState<string[]>([]);
  const parsed = kolektibilitasSettingSchema.safeParse(fromDraft(draft));
  const chosen = parsed.success ? presetOf(parsed.data) : null;
  const presetNote = data.presets.find((p) => p.id === chosen)?.catatan ?? null;

  const update = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setProblems([]);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) {
      setProblems([...new Set(parsed.error.issues.map((i) => i.message))]);
      return;
    }
    try {
      const res = await save.mutateAsync(parsed.data);
      setDraft(toDraft(res.data.setting));
      showToast(res.message ?? 'Pengaturan kolektibilitas disimpan', 'success');
    } catch (error) {
      setProblems([errorMessage(error, 'Pengaturan gagal disimpan')]);
      showToast(errorMessage(error, 'Pengaturan gagal disimpan'), 'error');
    }
  };

  return (
    <SettingsForm
      settings={data}
      canEdit={canEdit}
      notes={notes}
      pending={save.isPending}
      failure={problems.length > 0 ? <ProblemList problems={problems} /> : null}
      onSubmit={onSubmit}
      className="space-y-6"
    >
      <TitledCard title="Preset">
        <ul className="grid gap-3 lg:grid-cols-3">
          {data.presets.map((preset) => (
            <li key={preset.id}>
              <button
                type="button"
                disabled={!canEdit}
                aria-pressed={chosen === preset.id}
                aria-label={`Pakai preset ${preset.nama}`}
                onClick={() => update(toDraft(preset.setting))}
                className={`h-full w-full rounded-xl border p-4 text-left transition-colors disabled:cursor-default ${
                  chosen === preset.id ? 'border-brand-500 bg-brand-50' : 'border-line bg-white hover:bg-canvas'
                }`}
              >
                <span className="block font-semibold text-ink">{preset.nama}</span>
                <span className="mt-1 block text-xs text-muted">{preset.sumber}</span>
                {chosen === preset.id ? <span className="mt-2 block text-xs font-semibold text-brand-700">Dipakai</span> : null}
              </button>
            </li>
          ))}
        </ul>
        {chosen === null ? (
          <p className="mt-3 text-sm text-muted">Pengaturan sendiri (tidak sama dengan preset mana pun).</p>
        ) : null}
        {presetNote ? (
          <Alert tone="warning" title="Periksa dengan peraturan yang berlaku" className="mt-3">
            {presetNote}
          </Alert>
        ) : null}
      </TitledCard>

      <TitledCard title="Golongan Menurut Hari Tunggakan">
        <ul className="divide-y divide-line">
          {kolektibilitasValues.map((kelas) => {
            const fixed = kelas === 1 || kelas === 5;
            const used = fixed || draft.used[kelas];
            return (
              <li key={kelas} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                <div className="flex min-w-48 flex-1 items-center gap-3">
                  {fixed ? (
                    <span className="inline-block h-4 w-4" aria-hidden="true" />
                  ) : (
                    <Checkbox
                      className="h-4 w-4 accent-brand-600"
                      checked={used}
                      disabled={!canEdit}
                      aria-label={`Pakai golongan ${kolektibilitasLabels[kelas]}`}
                      onChange={(checked) => update({ used: { ...draft.used, [kelas]: checked } })}
                    />
                  )}
                  <KolektibilitasBadge kelas={kelas} />
                </div>
                {!used ? (
                  <span className="text-sm text-muted">Tidak dipakai</span>
                ) : kelas === 5 ? (
                  <span className="text-sm text-ink">lebih dari hari sebelumnya (tanpa batas)</span>
                ) : (
                  <label className="flex items-center gap-2 whitespace-nowrap text-sm text-ink">
                    <span className="text-muted">{fromDay(draft, kelas)} sampai</span>
                    <span className="w-24">
                      <Input
                        inputMode="numeric"
                        value={draft.bound[kelas]}
                        disabled={!canEdit}
                        aria-label={`Batas hari ${kolektibilitasLabels[kelas]}`}
                        onChange={(e) => update({ bound: { ...draft.bound, [kelas]: e.target.value } })}
                      />
                    </span>
                    <span>hari</span>
                  </label>
                )}
              </li>
            );
          })}
        </ul>
        <label className="mt-4 flex items-start gap-3 rounded-lg bg-canvas p-3 text-sm">
          <Checkbox
            className="mt-0.5 h-4 w-4 accent-brand-600"
            checked={draft.satu}
            disabled={!canEdit}
            onChange={(satu) => update({ satu })}
          />
          <span>
            <span className="block font-medium text-ink">Satu nasabah satu kualitas</span>
            <span className="block text-muted">
              Semua pinjaman aktif seorang nasabah mengikuti kolektibilitas terburuknya (POJK 24/2024 Pasal 4).
            </span>
          </span>
        </label>
      </TitledCard>

      <TitledCard title="PPAP (Penyisihan) per Golongan">
        <div className="grid gap-3 sm:grid-cols-5">
          {kolektibilitasValues.map((kelas) => (
            <label key={kelas} className="block space-y-1.5 text-sm">
              <span className="block font-medium text-ink">{kolektibilitasLabels[kelas]}</span>
              <span className="flex items-center gap-2">
                <Input
                  inputMode="decimal"
                  value={draft.ppap[kelas]}
                  disabled={!canEdit}
                  aria-label={`PPAP ${kolektibilitasLabels[kelas]} (persen)`}
                  onChange={(e) => update({ ppap: { ...draft.ppap, [kelas]: e.target.value } })}
                />
                <span className="text-muted">%</span>
              </span>
            </label>
          ))}
        </div>
        <p className="mt-3 text-xs text-muted">
          Persen dari outstanding (sisa pokok); agunan tidak dikurangkan. Dipakai untuk NPF net.
        </p>
      </TitledCard>
    </SettingsForm>
  );
}
