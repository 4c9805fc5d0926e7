import { useRef } from 'react';
import { renderTemplate, TEMPLATE_MAX_LENGTH } from '@mizan/core';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';

/**
 * A WhatsApp template with its placeholders (issue 24): the editor, "Sisipkan {…}" buttons that
 * put a placeholder where the cursor is, the meaning of each, "Pakai template bawaan", and a live
 * preview rendered by core `renderTemplate` on real values. Two columns from `lg` on; the caller's
 * grid places them.
 */
export function TemplateEditor({
  id,
  label,
  template,
  onChange,
  placeholders,
  descriptions,
  values,
  previewNote,
  bawaan,
  error,
  canEdit,
}: {
  /** Unique on the page (the preview's label). */
  id: string;
  /** What the template is for, in the field's name and the buttons' accessible names. */
  label: string;
  template: string;
  onChange(template: string): void;
  placeholders: readonly string[];
  descriptions: Readonly<Record<string, string>>;
  /** Real values for the preview; null when there is no record yet. */
  values: Readonly<Record<string, string>> | null;
  /** Where the preview's values come from. */
  previewNote: string;
  /** The shipped template, when there is one to go back to. */
  bawaan: string | null;
  error: string | undefined;
  canEdit: boolean;
}) {
  const editor = useRef<HTMLTextAreaElement>(null);

  /** Puts `{name}` where the cursor is (at the end when the editor was never focused). */
  const insert = (name: string) => {
    const token = `{${name}}`;
    const start = editor.current?.selectionStart ?? template.length;
    const end = editor.current?.selectionEnd ?? template.length;
    onChange(template.slice(0, start) + token + template.slice(end));
    requestAnimationFrame(() => {
      editor.current?.focus();
      editor.current?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <>
      <div className="min-w-0 space-y-3">
        <Field
          label={`Template ${label}`}
          error={error}
          hint={`${template.length.toLocaleString('id-ID')} dari ${TEMPLATE_MAX_LENGTH.toLocaleString('id-ID')} karakter`}
        >
          <Textarea
            ref={editor}
            rows={4}
            className="field-sizing-content"
            value={template}
            disabled={!canEdit}
            onChange={(e) => onChange(e.target.value)}
          />
        </Field>
        {canEdit ? (
          <div>
            <p className="mb-1.5 text-xs font-medium text-muted">Sisipkan placeholder:</p>
            <ul className="flex flex-wrap gap-1.5">
              {placeholders.map((name) => (
                <li key={name}>
                  <button
                    type="button"
                    title={descriptions[name]}
                    aria-label={`Sisipkan {${name}} (${descriptions[name]}) ke template ${label}`}
                    onClick={() => insert(name)}
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
            {placeholders.map((name) => (
              <div key={name} className="contents">
                <dt className="font-mono text-ink">{`{${name}}`}</dt>
                <dd>{descriptions[name]}</dd>
              </div>
            ))}
          </dl>
        </details>
        {canEdit && bawaan !== null && template !== bawaan ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={`Kembalikan template bawaan ${label}`}
            onClick={() => onChange(bawaan)}
          >
            Pakai template bawaan
          </Button>
        ) : null}
      </div>
      <div className="min-w-0">
        <p className="mb-1.5 text-sm font-medium text-ink" id={`pratinjau-${id}`}>
          Pratinjau
        </p>
        <div
          role="region"
          aria-labelledby={`pratinjau-${id}`}
          aria-live="polite"
          className="rounded-lg rounded-tl-none bg-[#dcf8c6] px-3 py-2 text-sm whitespace-pre-wrap break-words text-ink shadow-xs"
        >
          {renderTemplate(template, values ?? {})}
        </div>
        <p className="mt-1.5 text-xs text-muted">
          {values ? previewNote : 'Belum ada data untuk contoh; placeholder ditampilkan apa adanya.'}
        </p>
      </div>
    </>
  );
}
