import { forwardRef } from 'react';
import { Search } from 'lucide-react';
import { Input, type InputProps } from './input';
import { cn } from './cn';

/** A search field with a magnifier icon; takes every Input prop (so it works inside Field). */
export const SearchInput = forwardRef<HTMLInputElement, InputProps>(function SearchInput({ className, ...props }, ref) {
  return (
    <div className="relative">
      <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
      <Input ref={ref} type="search" className={cn('pl-9', className)} {...props} />
    </div>
  );
});
