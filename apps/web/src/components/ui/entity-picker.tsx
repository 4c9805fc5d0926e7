import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Check } from 'lucide-react';
import { Button } from './button';
import { SearchInput } from './search-input';
import { SkeletonLines } from './skeleton';
import { cn } from './cn';
import { FieldError, FieldLabel } from './field';

export interface EntityPickerProps<Option extends { id: number }, Value extends { id: number }> {
  label: string;
  required?: boolean;
  /** The chosen entity: shown as a card with 'Ganti' until the user changes it. */
  value: Value | null;
  onChange(option: Option): void;
  /** The options (already loaded; searched here, locally). */
  options: Option[] | undefined;
  loading: boolean;
  failed: boolean;
  matches(option: Option, query: string): boolean;
  searchPlaceholder: string;
  texts: { failed: string; notFound: string; empty: string };
  /** The chosen card: its icon, its content, its test id. */
  icon: ReactNode;
  renderValue(value: Value): ReactNode;
  valueTestId: string;
  /** One option of the list (the check mark of the selected one is added here). */
  renderOption(option: Option): { main: ReactNode; aside?: ReactNode };
  /** Told whether the list is open, e.g. to load the options only then. */
  onOpenChange?(open: boolean): void;
  error?: string;
  disabled?: boolean;
}

/**
 * A searchable picker of one entity (the customer of a loan, the loan of a payment): a search box
 * over a listbox of options filtered locally, and once chosen, a card with 'Ganti' (and 'Batal
 * ganti' while changing). The list is open while nothing is chosen or the user is changing it.
 */
export function EntityPicker<Option extends { id: number }, Value extends { id: number }>(
  props: EntityPickerProps<Option, Value>,
) {
  const { label, required, value, onChange, options, loading, failed, texts, error, disabled } = props;
  const id = useId();
  const [query, setQuery] = useState('');
  const [changing, setChanging] = useState(false);
  const { matches: optionMatches, onOpenChange } = props;
  const matches = useMemo(
    () => (options ?? []).filter((option) => optionMatches(option, query)),
    [options, optionMatches, query],
  );
  const errorId = `${id}-error`;
  const open = changing || value === null;
  useEffect(() => onOpenChange?.(open), [onOpenChange, open]);

  return (
    <div className="space-y-1.5">
      <FieldLabel htmlFor={`${id}-search`} id={`${id}-label`} required={required}>
        {label}
      </FieldLabel>
      {!open && value ? (
        <div
          className="flex items-start gap-3 rounded-lg border border-brand-200 bg-brand-50/60 px-3 py-2.5"
          data-testid={props.valueTestId}
        >
          <span className="mt-0.5 shrink-0 text-brand-700" aria-hidden="true">
            {props.icon}
          </span>
          <div className="min-w-0 flex-1 text-sm">{props.renderValue(value)}</div>
          <Button
            variant="outline"
            size="sm"
            disabled={disabled}
            onClick={() => {
              setQuery('');
              setChanging(true);
            }}
          >
            Ganti
          </Button>
        </div>
      ) : (
        <div className={cn('rounded-lg border', error ? 'border-red-500' : 'border-line')}>
          <div className="border-b border-line p-2">
            <SearchInput
              id={`${id}-search`}
              placeholder={props.searchPlaceholder}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              aria-describedby={error ? errorId : undefined}
              aria-controls={`${id}-list`}
              aria-invalid={error ? true : undefined}
              disabled={disabled}
            />
          </div>
          <div id={`${id}-list`} role="listbox" aria-labelledby={`${id}-label`} className="max-h-56 overflow-y-auto p-1">
            {loading ? (
              <SkeletonLines className="space-y-2 p-2" lines={['h-9 w-full', 'h-9 w-full']} />
            ) : failed ? (
              <p className="p-3 text-sm text-red-700">{texts.failed}</p>
            ) : matches.length === 0 ? (
              <p className="p-3 text-sm text-muted">{query ? texts.notFound : texts.empty}</p>
            ) : (
              matches.map((option) => {
                const selected = value?.id === option.id;
                const { main, aside } = props.renderOption(option);
                return (
                  <button
                    key={option.id}
                    type="button"
                    role="option"
                    aria-selected={selected}
                    disabled={disabled}
                    onClick={() => {
                      onChange(option);
                      setChanging(false);
                    }}
                    className={cn(
                      'flex w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-left text-sm hover:bg-brand-50',
                      selected && 'bg-brand-50',
                    )}
                  >
                    <span className="min-w-0">{main}</span>
                    <span className="flex shrink-0 items-center gap-2">
                      {aside}
                      {selected ? <Check className="h-4 w-4 text-brand-700" aria-hidden="true" /> : null}
                    </span>
                  </button>
                );
              })
            )}
          </div>
          {value ? (
            <div className="border-t border-line p-2 text-right">
              <Button variant="ghost" size="sm" onClick={() => setChanging(false)}>
                Batal ganti
              </Button>
            </div>
          ) : null}
        </div>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
