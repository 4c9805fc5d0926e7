import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { useToast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';

/** The Indonesian problem of each field of `draft` by `schema`, keyed as the server's field errors (`tahap.0.template`), the first one per field. */
export function schemaProblems<T>(schema: z.ZodType<T>, draft: T): Record<string, string> {
  const parsed = schema.safeParse(draft);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

/**
 * A WhatsApp settings form checked field by field: the draft, each field's problem (its own check
 * and what the server said), and `form`, what SettingsForm needs: why the last save failed, whether
 * a save runs, and `onSubmit`, which stops at the first marked field, else saves (taking `reload` of
 * the answer as the new draft, when given) and says so.
 */
export function useCheckedSettings<T, R extends { message?: string }>({
  initial,
  problemsOf,
  save,
  savedMessage,
  reload,
}: {
  initial: T;
  problemsOf(draft: T): Record<string, string>;
  /** The save mutation. */
  save: { mutateAsync(draft: T): Promise<R>; isPending: boolean };
  savedMessage: string;
  reload?(res: R): T;
}) {
  const { showToast } = useToast();
  const [draft, setDraft] = useState<T>(() => structuredClone(initial));
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const problems = { ...serverProblems, ...problemsOf(draft) };

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
      if (reload) setDraft(reload(res));
      setFailure(null);
      showToast(res.message ?? savedMessage, 'success');
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0)
        setServerProblems(Object.fromEntries(error.errors.map((f) => [f.path, f.msg])));
      setFailure(errorMessage(error, 'Pengaturan gagal disimpan'));
      showToast(errorMessage(error, 'Pengaturan gagal disimpan'), 'error');
    }
  };

  return {
    draft,
    setDraft,
    problems,
    setServerProblems,
    setFailure,
    form: { formRef, onSubmit, failure, pending: save.isPending },
  };
}
