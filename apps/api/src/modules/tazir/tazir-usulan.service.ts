/**
 * Ta'zir proposals (issue 27 C), kept in step with a loan's payments: called inside every payment
 * write's transaction (the loan locked). An instalment completed later than the akad's grace gets
 * a proposal; a proposal whose late completion no longer holds (its payment deleted or moved) is
 * withdrawn. Decided ta'zir stay as they were decided.
 */
import type { Kysely } from 'kysely';
import { tazirCandidates } from '@mizan/core';
import type { DB } from '../../db/schema';
import { findLivingLoan, livingPaymentsOf } from '../mutasi/mutasi.service';
import * as repo from './tazir.repository';

export async function syncTazirProposals(trx: Kysely<DB>, pinjamanId: number) {
  const loan = await findLivingLoan(trx, pinjamanId);
  if (!loan || loan.tazir_jumlah === null) return;
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
