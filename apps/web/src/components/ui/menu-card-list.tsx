import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';

/** One entry of a menu page (Lainnya, Laporan): where it leads, its name, what it is for. */
export interface MenuCard {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
}

/** A grid of menu cards, each a link with its icon, title and description. */
export function MenuCardList({ cards }: { cards: readonly MenuCard[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <li key={card.to}>
          <Link
            to={card.to}
            className="group flex h-full items-start gap-4 rounded-xl border border-line bg-white p-5 shadow-xs transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              {card.icon}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-ink">{card.title}</span>
              <span className="mt-1 block text-sm text-muted">{card.description}</span>
            </span>
            <ChevronRight className="mt-2 h-4 w-4 shrink-0 text-muted group-hover:text-brand-700" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
