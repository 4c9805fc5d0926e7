import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { WA_MESSAGE_MAX_LENGTH, waTestMessageSchema, type WaTestMessageInput, type WaTestResult } from '@mizan/core';
import { Send } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { useSubmissionKey } from '../../../lib/submission-key';
import { applyServerErrors } from '../../../lib/form-errors';
import { institutionName } from '../../../lib/institution';
import { activeRecipientsQuery } from '../api/recipients-api';
import { useSendWaTestMessage } from '../api/wa-session-api';
import { failureText, waFallbacks } from '../texts';
import { TestResultDetails, testResultTitle } from './test-result';

/** The generic default text of the test message (spec §5). */
export function defaultTestMessage() {
  return `Assalamu'alaikum. Ini adalah pesan test dari WhatsApp Gateway ${institutionName()}. Jika pesan ini diterima, notifikasi WhatsApp sudah berfungsi dengan baik.`;
}

export interface TestMessageDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  alert(title: string, details?: React.ReactNode): void;
  /** Called with every completed send (for the banner of the page). */
  onFailure?(message: string | null): void;
}

/** Test-message modal: default text, counter n/1000, the result per recipient afterwards. */
export function TestMessageDialog({ open, onOpenChange, alert, onFailure }: TestMessageDialogProps) {
  const send = useSendWaTestMessage();
  const active = useQuery({ ...activeRecipientsQuery, enabled: open });
  // One key per message the user means to send: a retry after a lost answer is not a second send.
  const submission = useSubmissionKey();
  const form = useForm<WaTestMessageInput>({
    resolver: zodResolver(waTestMessageSchema),
    defaultValues: { message: defaultTestMessage() },
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const length = useWatch({ control: form.control, name: 'message' })?.length ?? 0;

  useEffect(() => {
    if (open) form.reset({ message: defaultTestMessage() });
  }, [open, form]);

  const onSubmit = form.handleSubmit(async ({ message }) => {
    try {
      // Only an answer that never came keeps the key (the server may have sent already).
      const result: WaTestResult = await submission.send((headers) => send.mutateAsync({ message, headers }));
      onFailure?.(null);
      onOpenChange(false);
      alert(testResultTitle(result), <TestResultDetails result={result} />);
    } catch (error) {
      applyServerErrors(error, form.setError, ['message']);
      const text = errorMessage(error, waFallbacks.test);
      onFailure?.(text);
      alert(failureText(waFallbacks.test, text));
    }
  });

  const count = active.data?.length;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Test Pesan WhatsApp"
      description={
        active.isError
          ? failureText(waFallbacks.active, errorMessage(active.error, waFallbacks.active))
          : count === undefined
            ? 'Pesan dikirim ke semua penerima notifikasi aktif.'
            : `Pesan dikirim ke ${count} penerima notifikasi aktif.`
      }
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={send.isPending}>
            Batal
          </Button>
          <Button type="submit" form="wa-test-message-form" disabled={send.isPending}>
            <Send className="h-4 w-4" aria-hidden="true" />
            {send.isPending ? 'Mengirim...' : 'Kirim Pesan'}
          </Button>
        </>
      }
    >
      <form id="wa-test-message-form" onSubmit={onSubmit} noValidate className="space-y-2">
        <Field label="Pesan" error={errors.message?.message} required>
          <Textarea rows={6} {...form.register('message', { onChange: () => form.clearErrors('message') })} />
        </Field>
        <p
          className={cn(
            'text-right text-xs tabular-nums',
            length > WA_MESSAGE_MAX_LENGTH ? 'font-semibold text-red-700' : 'text-muted',
          )}
          aria-live="polite"
        >
          {length}/{WA_MESSAGE_MAX_LENGTH}
        </p>
      </form>
    </Dialog>
  );
}
