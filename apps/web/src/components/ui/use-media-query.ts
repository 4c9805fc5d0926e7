import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; re-renders when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The three layouts of the lists (spec §2): table on desktop, row grid on tablet, cards on phones. */
export type Layout = 'desktop' | 'tablet' | 'phone';

/** Widths where the layouts change: Tailwind's `lg` (1024 px) and `md` (768 px). */
export const LAYOUT_BREAKPOINTS = { desktop: 1024, tablet: 768 } as const;

/**
 * The current list layout. Lists render only the one variant that is shown (not three hidden
 * copies), so a long list stays light and a screen reader reads each row once.
 */
export function useLayout(): Layout {
  const desktop = useMediaQuery(`(min-width: ${LAYOUT_BREAKPOINTS.desktop}px)`);
  const tablet = useMediaQuery(`(min-width: ${LAYOUT_BREAKPOINTS.tablet}px)`);
  return desktop ? 'desktop' : tablet ? 'tablet' : 'phone';
}
