import { describe, expect, it } from 'vitest';
import { createTurnQueue } from './turns';
import { startTurnCounter } from '../test/turn-counter';

describe('turn queue', () => {
  it('resolves each waiter in a turn of the event loop of its own, in the order they asked', async () => {
    const nextTurn = createTurnQueue();
    const counter = startTurnCounter();
    const seen: { n: number; turn: number }[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async (_, n) => {
        await nextTurn();
        seen.push({ n, turn: counter.turn });
      }),
    );
    counter.stop();
    expect(seen.map((s) => s.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const turns = seen.map((s) => s.turn);
    expect(new Set(turns).size).toBe(10);
    for (let i = 1; i < turns.length; i++) expect(turns[i]).toBeGreaterThan(turns[i - 1]!);
  });

  it('lets a timer run between two pieces of work that each hold the thread', async () => {
    const nextTurn = createTurnQueue();
    const events: string[] = [];
    const busy = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    const piece = async (name: string) => {
      await nextTurn();
      busy(5);
      events.push(name);
    };
    const timer = new Promise<void>((resolve) => setTimeout(() => (events.push('timer'), resolve()), 0));
    await Promise.all([piece('a'), piece('b'), piece('c'), timer]);
    expect(events.indexOf('timer')).toBeLessThan(events.indexOf('c'));
    expect(events.filter((e) => e !== 'timer')).toEqual(['a', 'b', 'c']);
  });
});
