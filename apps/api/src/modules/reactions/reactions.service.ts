import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { nextTurn } from '../../db/job-runs';
import { createRoundLoop } from '../../lib/rounds';
import * as repo from './reactions.repository';

// Side effects after commit (issue 47; docs/decisions/notifications.md). A money transaction
// records what must react to it (`recordReactions`: one row of ids and event-time figures, nothing
// a column could refuse); the runner does each reaction after the commit in a transaction of its
// own. A reaction that throws is undone alone and retried later with backoff: it never fails or
// rolls back the money event, and stays visible (`reactionCounts`: /metrics, Cadangan Data).

/** A reaction to record: its kind (the handler that runs it) and its payload (JSON). */
export interface NewReaction {
  kind: string;
  payload: unknown;
}

/**
 * Runs one kind of reaction inside its own transaction (`trx`: every query of it goes there, the
 * embedded database has one connection), its effects committed with its done mark: it runs once.
 * A failed attempt is undone whole and tried again; one set back to waiting by hand may run again,
 * so a handler writes nothing twice (notifications: message keys; activities: `reaction_id`).
 * `recordedAt` is when the money event committed its row (what an activity is dated).
 */
export type ReactionHandler = (trx: Kysely<DB>, payload: unknown, meta: { id: number; recordedAt: Date }) => Promise<void>;

/** Records reactions inside the money event's transaction; they run only once it committed. */
export function recordReactions(trx: Kysely<DB>, reactions: readonly NewReaction[]) {
  return repo.insertReactions(trx, reactions);
}

/** Reactions waiting for their first attempt, and failed ones waiting for a retry. */
export function reactionCounts(db: Kysely<DB>) {
  return repo.openCounts(db);
}

/** How often the runner looks without being woken: rows of another process, retries come due. */
export const REACTION_POLL_MS = 30_000;
/**
 * Reactions claimed by one transaction: each runs at a savepoint of its own, and one statement
 * marks those that succeeded done. A batch stops early once it has run for BATCH_MS (on the
 * embedded database its transaction holds the only connection) or before a second reaction of a
 * locking kind; what it claimed but did not run stays due.
 */
const BATCH = 20;
const BATCH_MS = 25;
const FIRST_RETRY_MS = 60_000;
const LAST_RETRY_MS = 3_600_000;
/** Done reactions are kept this long (what reacted, when), then forgotten by the poll. */
const KEEP_DONE_MS = 7 * 24 * 3_600_000;
const PRUNE_LIMIT = 1000;

/** The wait before the next attempt of a reaction that failed `attempts` times: 1 min, doubling, at most 1 h. */
export const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LAST_RETRY_MS);

export interface ReactionRunnerOptions {
  db: Kysely<DB>;
  /** Retry times are the app's clock, so that tests move past a backoff. */
  clock: Clock;
  handlers: Readonly<Record<string, ReactionHandler>>;
  /**
   * After a round that ran reactions, with their kinds (the notifications' sender hands over the
   * messages the round wrote; a round of activities only wakes nothing).
   */
  afterRound?: (kinds: ReadonlySet<string>) => void;
  /** A reaction failed (logged by the caller); it is retried later. */
  onFailure?: (failure: { id: number; kind: string; attempts: number; error: unknown }) => void;
  /** A round itself failed (the database did not answer): the next kick or poll tries again. */
  onError?: (error: unknown) => void;
  /**
   * Called before each reaction, inside its attempt: a test makes it throw to prove that a failing
   * reaction changes nothing of the money event and catches up later.
   */
  beforeEach?: (kind: string) => void;
  /**
   * Kinds whose handler locks a loan (ta'zir proposals): a batch runs at most one of them, so
   * that a batch waits for one lock at most and two processes' batches can never wait for each
   * other (a deadlock needs a transaction holding one lock while waiting for a second).
   */
  locking?: ReadonlySet<string>;
}

/**
 * The runner of recorded reactions, one round at a time per process: woken after each commit
 * (`kick`), and every 30 s for rows a crashed process left and failed rows whose retry is due.
 * Each reaction runs once even with several processes on one PostgreSQL: it is claimed with
 * `FOR UPDATE SKIP LOCKED` in the transaction that runs it and marks it done, so another process
 * passes over it while it runs and no longer finds it due after the commit (on PGlite one process
 * owns the data folder and its rounds do not overlap). Its effects and its status commit together:
 * a crash mid-way leaves it due, to run again.
 */
export function createReactionRunner(options: ReactionRunnerOptions) {
  const { db, clock, handlers } = options;
  /** Set at start and by the poll: the next round first forgets old done reactions. */
  let pruneDue = false;

  /** The kinds of the reactions the current round ran (for `afterRound`). */
  let ran = new Set<string>();

  /**
   * Runs the oldest due reactions in one transaction (see BATCH); true when more may be due (the
   * batch was full or stopped early), false when the queue had nothing more for this round.
   */
  const runBatch = () =>
    db.transaction().execute(async (trx) => {
      const claimed = await repo.claimDue(trx, clock.now(), BATCH);
      const started = performance.now();
      const done: number[] = [];
      let locks = 0;
      let ranAll = true;
      for (const [n, reaction] of claimed.entries()) {
        const locking = options.locking?.has(reaction.kind) ?? false;
        if ((n > 0 && performance.now() - started > BATCH_MS) || (locking && locks > 0)) {
          ranAll = false;
          break;
        }
        if (locking) locks++;
        ran.add(reaction.kind);
        await repo.beginAttempt(trx);
        try {
          options.beforeEach?.(reaction.kind);
          const handler = handlers[reaction.kind];
          if (!handler) throw new Error(`no handler for reaction kind ${reaction.kind}`);
          await handler(trx, reaction.payload, { id: Number(reaction.id), recordedAt: reaction.created_at });
          done.push(reaction.id);
        } catch (error) {
          await repo.undoAttempt(trx);
          const attempts = reaction.attempts + 1;
          const next = new Date(clock.now().getTime() + retryDelayMs(attempts));
          await repo.markFailed(trx, reaction.id, attempts, next, error instanceof Error ? error.message : String(error));
          options.onFailure?.({ id: reaction.id, kind: reaction.kind, attempts, error });
        }
      }
      await repo.markDone(trx, done, clock.now());
      return !ranAll || claimed.length === BATCH;
    });

  const rounds = createRoundLoop({
    pollMs: REACTION_POLL_MS,
    // Each poll first forgets old done reactions.
    beforePoll: () => (pruneDue = true),
    async drain(active) {
      if (pruneDue) {
        pruneDue = false;
        await repo.pruneDone(db, new Date(clock.now().getTime() - KEEP_DONE_MS), PRUNE_LIMIT);
      }
      while (active() && (await runBatch())) await nextTurn();
    },
    afterRound: () => {
      const kinds = ran;
      ran = new Set();
      if (kinds.size > 0) options.afterRound?.(kinds);
    },
    ...(options.onError ? { onError: options.onError } : {}),
  });

  return {
    ...rounds,
    start() {
      pruneDue = true;
      rounds.start();
    },
  };
}

export type ReactionRunner = ReturnType<typeof createReactionRunner>;
