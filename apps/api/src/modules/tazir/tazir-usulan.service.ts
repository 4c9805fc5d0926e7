/**
 * Ta'zir proposals (issue 27 C), kept in step with a loan's payments: after every payment write of
 * a loan with a ta'zir in its akad, a reaction (issue 47: after the commit, so that a failure here
 * never fails the payment) brings them in step. An instalment completed later than the akad's grace
 * gets a proposal; a proposal whose late completion no longer holds (its payment deleted or moved)
 * is withdrawn. Decided ta'zir stay as they were decided.
 */
import type { Kysely } from 'kysely';
import { tazirCandidates } from '@mizan/core';
import type { DB, PinjamanRow } from '../../db/schema';
import { livingPaymentsOf, lockLoan } from '../mutasi/mutasi.service';
import { recordReactions, type ReactionHandler } from '../reactions/reactions.service';
import * as repo from './tazir.repository';

/** The reaction kind; its handler locks the loan (the runner's `locking` kinds). */
export const TAZIR_REACTION = 'tazir.usulan';

/**
 * Inside a payment write's transaction: the loan's ta'zir proposals follow its payments once it
 * committed. A loan known to have no ta'zir in its akad (`tazir_jumlah` null) needs nothing.
 */
export async function syncTazirLater(trx: Kysely<DB>, loan: { id: number; tazir_jumlah?: number | null }) {
  if (loan.tazir_jumlah === null) return;
  await recordReactions(trx, [{ kind: TAZIR_REACTION, payload: { pinjaman_id: loan.id } }]);
}

/** The reaction: the loan locked (payment writes wait), its proposals brought in step with its payments now. */
export const tazirReactions: Record<string, ReactionHandler> = {
  [TAZIR_REACTION]: async (trx, payload) => {
    const { pinjaman_id } = payload as { pinjaman_id: number };
    const loan = await lockLoan(trx, pinjaman_id);
    if (loan) await syncTazirProposals(trx, loan);
  },
};

async function syncTazirProposals(trx: Kysely<DB>, loan: PinjamanRow) {
  if (loan.tazir_jumlah === null) return;
  const pinjamanId = loan.id;
  const candidates = tazirCandidates(loan, await livingPaymentsOf(trx, pinjamanId), loan.tazir_tenggang_hari ?? 0);
  const existing = await repo.tazirOfLoan(trx, pinjamanId);
  const wanted = new Set(candidates.map((c) => c.angsuran_ke));
  await repo.deleteProposals(
    trx,
    existing.filter((r) => r.status === 'diusulkan' && !wanted.has(r.angsuran_ke)).map((r) => r.id),
  );
  const have = new Set(existing.map((r) => r.angsuran_ke));
  await repo.insertProposals(
    trx,
    pinjamanId,
    loan.tazir_jumlah,
    candidates.filter((c) => !have.has(c.angsuran_ke)),
  );
}
