import { CheckCircle2, XCircle } from 'lucide-react';
import { FAIL, OK } from '../texts';

/**
 * The ✅ / ❌ of a result (spec §8), drawn as an icon so that it shows even where no emoji font is
 * installed; the character itself stays in the text for screen readers and copy/paste.
 */
export function ResultMark({ ok }: { ok: boolean }) {
  return (
    <>
      {ok ? (
        <CheckCircle2 className="inline-block h-5 w-5 shrink-0 align-[-4px] text-brand-700" aria-hidden="true" />
      ) : (
        <XCircle className="inline-block h-5 w-5 shrink-0 align-[-4px] text-red-700" aria-hidden="true" />
      )}
      <span className="sr-only">{ok ? OK : FAIL}</span>
    </>
  );
}

/** A result line: its leading ✅/❌ as a ResultMark, the rest as text. */
export function ResultText({ text }: { text: string }) {
  for (const [mark, ok] of [
    [OK, true],
    [FAIL, false],
  ] as const) {
    if (text.startsWith(`${mark} `)) {
      return (
        <>
          <ResultMark ok={ok} /> {text.slice(mark.length + 1)}
        </>
      );
    }
  }
  return <>{text}</>;
}
