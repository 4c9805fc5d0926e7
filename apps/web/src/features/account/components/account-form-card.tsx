import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { TitledCard } from '../../../components/ui/card';

/** A form of the account page in its card: the fields, then the submit button on the right ('Menyimpan...' while saving). */
export function AccountFormCard({
  title,
  onSubmit,
  pending,
  submitLabel,
  children,
}: {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <TitledCard title={title}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {children}
        <div className="flex justify-end">
          <Button type="submit" disabled={pending}>
            {pending ? 'Menyimpan...' : submitLabel}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
