import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ledgerPayment, specMurabahah } from './spec-loan.fixture';
import { caseArb, TODAY } from './loan-cases.fixture';
import { addDays } from './calendar';
import type { LedgerLoan, LedgerPayment } from './ledger';
import type { MetodePengakuanMargin } from './margin';
import { loanPosition } from './posisi';
import { recoveriesOf } from './hapus-buku';
import { jurnalMutasi, selisihJurnal, type PeranAkun } from './jurnal';
import {
  balancesOfParts,
  deriveLoanEvents,
  nextEventParts,
  partsAreZero,
  partsSum,
  positionParts,
  reversalOf,
  type JenisMutasi,
  type MutasiParts,
} from './mutasi';

const pay = ledgerPayment;

describe('money events: the specification’s Murabahah (12.000.000 at 2 % × 12)', () => {
  it('the akad lends 12.000.000 and fixes 2.880.000 of margin; an instalment of 1.240.000 repays 1.000.000 + 240.000', () => {
    const events = deriveLoanEvents(specMurabahah, [pay(1, '2024-02-29', 1_240_000, 'angsuran', 1)], TODAY, 'proporsional');
    expect(events.map((e) => [e.jenis, e.tanggal, e.pembayaran_id])).toEqual([
      ['akad', '2024-01-31', null],
      ['pembayaran', '2024-02-29', 1],
    ]);
    expect(events[0]!.parts).toMatchObject({ kas: -12_000_000, pokok_akad: 12_000_000, margin_akad: 2_880_000, pokok: 0 });
    expect(events[1]!.parts).toMatchObject({ kas: 1_240_000, pokok: 1_000_000, margin: 240_000, lebih_bayar: 0 });
    expect(balancesOfParts(partsSum(events.map((e) => e.parts)))).toEqual({
      sisa_pokok: 11_000_000,
      sisa_margin: 2_640_000,
      sisa_pokok_buku: 11_000_000,
      sisa_margin_buku: 2_640_000,
    });
  });

  it('written off after two instalments: 10.000.000 + 2.400.000 leave the books, still owed; a later instalment is a recovery of 1.240.000', () => {
    const paid = [pay(1, '2024-02-29', 1_240_000, 'angsuran', 1), pay(2, '2024-03-31', 1_240_000, 'angsuran', 2)];
    const before = partsSum(deriveLoanEvents(specMurabahah, paid, TODAY, 'proporsional').map((e) => e.parts));
    const atWriteOff = { position: loanPosition(specMurabahah, paid, TODAY) };
    const hapusBuku = nextEventParts(positionParts(specMurabahah, atWriteOff.position, paid, atWriteOff), before);
    expect(hapusBuku).toMatchObject({ kas: 0, pokok: 0, margin: 0, hapus_buku_pokok: 10_000_000, hapus_buku_margin: 2_400_000 });
    const afterWriteOff = partsSum([before, hapusBuku]);
    expect(balancesOfParts(afterWriteOff)).toEqual({
      sisa_pokok: 10_000_000,
      sisa_margin: 2_400_000,
      sisa_pokok_buku: 0,
      sisa_margin_buku: 0,
    });
    const all = [...paid, pay(3, '2024-06-15', 1_240_000, 'angsuran', 3)];
    const pemulihan = nextEventParts(
      positionParts(specMurabahah, loanPosition(specMurabahah, all, TODAY), all, atWriteOff),
      afterWriteOff,
    );
    expect(pemulihan).toMatchObject({
      kas: 1_240_000,
      pokok: 1_000_000,
      margin: 240_000,
      hapus_buku_pokok: -1_000_000,
      hapus_buku_margin: -240_000,
      pemulihan: 1_240_000,
    });
    // The customer owes 9.000.000 + 2.160.000 = 11.160.000; the books hold none of it.
    expect(balancesOfParts(partsSum([afterWriteOff, pemulihan]))).toEqual({
      sisa_pokok: 9_000_000,
      sisa_margin: 2_160_000,
      sisa_pokok_buku: 0,
      sisa_margin_buku: 0,
    });
  });

  it('cancelling the instalment posts its exact opposite and brings the loan back to the akad', () => {
    const [akad, payment] = deriveLoanEvents(specMurabahah, [pay(1, '2024-02-29', 1_240_000)], TODAY, 'proporsional');
    const target = positionParts(specMurabahah, loanPosition(specMurabahah, [], TODAY), []);
    const { pembalikan, penyesuaian } = reversalOf(payment!.parts, target, partsSum([akad!.parts, payment!.parts]));
    expect(pembalikan).toMatchObject({ kas: -1_240_000, pokok: -1_000_000, margin: -240_000 });
    expect(penyesuaian).toBeNull();
    expect(partsSum([akad!.parts, payment!.parts, pembalikan])).toEqual(akad!.parts);
  });

  it('a loan waiting for approval, rejected or deleted holds nothing', () => {
    for (const loan of [
      { ...specMurabahah, status: 'pending' },
      { ...specMurabahah, status: 'ditolak' },
      { ...specMurabahah, deleted: true },
    ]) {
      expect(deriveLoanEvents(loan, [], TODAY, 'proporsional')).toEqual([]);
      expect(partsAreZero(positionParts(loan, loanPosition(loan, [], TODAY), []))).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Random sequences of events, posted the way the server's money module posts them
// ---------------------------------------------------------------------------------------------
interface Posted {
  jenis: JenisMutasi;
  pembayaran_id: number | null;
  parts: MutasiParts;
  reversed: boolean;
  /** A reversal's: the kind of the event it reverses. */
  dibalik?: JenisMutasi;
}

/** A loan and its events, kept as modules/mutasi keeps them: every change posts, nothing is edited. */
class Book {
  readonly events: Posted[] = [];
  readonly living = new Map<number, LedgerPayment>();
  checked = 0;
  /** Each posting role's balance over the journals of the events checked so far: + debit, − credit. */
  readonly ledger: Partial<Record<PeranAkun, number>> = {};
  constructor(
    readonly loan: LedgerLoan,
    public metode: MetodePengakuanMargin,
  ) {
    this.post('akad', null);
  }
  /** Written off: the last payment id it counted and its date (recoveries are dated from it). */
  hapusBuku: { batas: number; tanggal: string } | null = null;
  payments = () => [...this.living.values()];
  position = () => loanPosition(this.loan, this.payments(), TODAY, this.metode);
  /** The position with the payments the write-off counted (the server's `hapusBukuOf`). */
  positionAtWriteOff = () =>
    this.hapusBuku
      ? {
          position: loanPosition(
            this.loan,
            this.payments().filter((p) => p.id <= this.hapusBuku!.batas),
            TODAY,
            this.metode,
          ),
        }
      : null;
  target = (position = this.position()) => positionParts(this.loan, position, this.payments(), this.positionAtWriteOff());
  sum = () => partsSum(this.events.map((e) => e.parts));
  post(jenis: JenisMutasi, pembayaranId: number | null) {
    const parts = nextEventParts(this.target(), this.sum());
    if (jenis === 'penyesuaian' && partsAreZero(parts)) return;
    this.events.push({ jenis, pembayaran_id: pembayaranId, parts, reversed: false });
  }
  add(payment: LedgerPayment) {
    this.living.set(payment.id, payment);
    this.post(this.hapusBuku ? 'pemulihan' : payment.jenis === 'pelunasan' ? 'pelunasan' : 'pembayaran', payment.id);
  }
  /** Writes the loan off as the server does: payments so far are counted, the ones after are recoveries. */
  writeOff(batas: number) {
    const dates = this.payments().map((p) => p.tanggal);
    this.hapusBuku = { batas, tanggal: dates.reduce((a, b) => (a > b ? a : b), this.loan.tanggal_pinjam) };
    this.post('hapus_buku', null);
  }
  /** Whether the server lets this payment be corrected or cancelled (a payment the write-off counted stays). */
  changeable = (id: number) => !this.hapusBuku || id > this.hapusBuku.batas;
  cancel(id: number) {
    const original = this.events.findLast((e) => e.pembayaran_id === id && e.jenis !== 'pembalikan' && !e.reversed)!;
    this.living.delete(id);
    const { pembalikan, penyesuaian } = reversalOf(original.parts, this.target(), this.sum());
    original.reversed = true;
    this.events.push({ jenis: 'pembalikan', pembayaran_id: id, parts: pembalikan, reversed: false, dibalik: original.jenis });
    if (penyesuaian) this.events.push({ jenis: 'penyesuaian', pembayaran_id: null, parts: penyesuaian, reversed: false });
    return penyesuaian;
  }
  receiveTazir(jumlah: number) {
    this.events.push({
      jenis: 'tazir',
      pembayaran_id: null,
      parts: { ...partsSum([]), kas: jumlah, lain: jumlah },
      reversed: false,
    });
  }
}

/** What must hold after every event: the events add up to the position, part by part. */
function agrees(book: Book) {
  const sum = book.sum();
  const position = book.position();
  expect(partsAreZero(nextEventParts(book.target(position), sum))).toBe(true);
  // What the customer owes is the position, written off or not; nothing of it stays on the books once written off.
  expect(balancesOfParts(sum)).toEqual({
    sisa_pokok: position.sisa_pokok,
    sisa_margin: position.sisa_margin,
    sisa_pokok_buku: book.hapusBuku ? 0 : position.sisa_pokok,
    sisa_margin_buku: book.hapusBuku ? 0 : position.sisa_margin,
  });
  // What was recovered: each recovery's share of the claim (core recoveriesOf), never more than was paid after.
  const loan = {
    ...book.loan,
    hapus_buku_tanggal: book.hapusBuku?.tanggal ?? null,
    hapus_buku_pembayaran_id: book.hapusBuku?.batas ?? null,
  };
  const recoveries = recoveriesOf(loan, book.payments(), TODAY, book.metode);
  expect(sum.pemulihan).toBe(recoveries.reduce((total, r) => total + r.pemulihan, 0));
  const paidAfter = book.payments().filter((p) => book.hapusBuku && p.id > book.hapusBuku.batas);
  expect(sum.pemulihan).toBeGreaterThanOrEqual(0);
  expect(sum.pemulihan).toBeLessThanOrEqual(paidAfter.reduce((total, p) => total + p.jumlah, 0));
  for (const r of recoveries) expect(r.pemulihan).toBeGreaterThanOrEqual(0);
  // Cash: what was paid, less the disbursement, plus what came in apart from the financing.
  const paid = book.payments().reduce((total, p) => total + p.jumlah, 0);
  expect(sum.kas).toBe(paid - book.loan.jumlah + sum.lain);
  // The events posted since the last look (the earlier ones cannot change).
  for (const e of book.events.slice(book.checked)) {
    expect(Object.values(e.parts).every(Number.isInteger)).toBe(true);
    // Each event's journal balances (issue 48); the ledger keeps every role's balance.
    const journal = jurnalMutasi(book.loan.tipe, e.jenis, e.parts, e.dibalik);
    expect(selisihJurnal(journal), JSON.stringify({ jenis: e.jenis, parts: e.parts, journal })).toBe(0);
    for (const line of journal) book.ledger[line.peran] = (book.ledger[line.peran] ?? 0) + line.debit - line.kredit;
    // A recovery touches cash, pendapatan pemulihan and what was paid beyond: the claim stays off the books.
    if (e.jenis === 'pemulihan')
      expect(
        journal.every((l) => ['kas', 'pendapatan_pemulihan', 'titipan_nasabah'].includes(l.peran)),
        JSON.stringify(journal),
      ).toBe(true);
    // Every rupiah of a payment's event is principal, margin, profit share, or paid beyond.
    if (e.jenis === 'pembayaran' || e.jenis === 'pelunasan' || e.jenis === 'pembalikan' || e.jenis === 'pemulihan')
      expect(e.parts.kas).toBe(e.parts.pokok + e.parts.margin + e.parts.bagi_hasil + e.parts.lebih_bayar);
    // A recovery is income of its own: what it paid of the claim, which stays off the books.
    if (e.jenis === 'pemulihan') {
      expect(e.parts.pemulihan).toBe(e.parts.pokok + e.parts.margin + e.parts.bagi_hasil);
      expect(e.parts.hapus_buku_pokok + e.parts.pokok).toBe(0);
      expect(e.parts.hapus_buku_margin + e.parts.margin).toBe(0);
    }
    // A write-off moves no cash and nothing the customer owes: it takes the rest off the books.
    if (e.jenis === 'hapus_buku') {
      expect(e.parts.kas).toBe(0);
      expect(e.parts.pokok + e.parts.margin + e.parts.bagi_hasil + e.parts.pemulihan).toBe(0);
      expect([e.parts.hapus_buku_pokok, e.parts.hapus_buku_margin]).toEqual([position.sisa_pokok, position.sisa_margin]);
    }
  }
  book.checked = book.events.length;
  // The books tie out to the rupiah with the loan's figures (issue 48 item 5).
  const ledger = (peran: PeranAkun) => book.ledger[peran] ?? 0;
  /** A credit balance as a positive amount. */
  const credit = (peran: PeranAkun) => 0 - ledger(peran);
  const onBooks = balancesOfParts(sum);
  const murabahah = book.loan.tipe === 'pokok';
  expect(ledger('kas')).toBe(sum.kas);
  expect(ledger('piutang_murabahah')).toBe(murabahah ? onBooks.sisa_pokok_buku + onBooks.sisa_margin_buku : 0);
  expect(ledger('pembiayaan_mudharabah')).toBe(murabahah ? 0 : onBooks.sisa_pokok_buku);
  expect(credit('margin_tangguhan')).toBe(onBooks.sisa_margin_buku);
  expect(credit('titipan_nasabah')).toBe(sum.lebih_bayar);
  expect(credit('dana_kebajikan')).toBe(book.events.filter((e) => e.jenis === 'tazir').reduce((t, e) => t + e.parts.lain, 0));
  expect(credit('pendapatan_pemulihan')).toBe(sum.pemulihan);
  const writtenOff = book.events.filter((e) => e.jenis === 'hapus_buku');
  expect(ledger('cadangan_kerugian')).toBe(writtenOff.reduce((t, e) => t + e.parts.hapus_buku_pokok, 0));
  if (!book.hapusBuku) {
    expect(credit('pendapatan_margin')).toBe(sum.margin);
    expect(credit('pendapatan_bagi_hasil')).toBe(sum.bagi_hasil);
  }
  expect(ledger('kerugian_pelunasan')).toBe(sum.pokok_dihapus);
  // The trial balance: every role's balance adds up to 0.
  expect(Object.values(book.ledger).reduce((t, v) => t + (v ?? 0), 0)).toBe(0);
}

const opArb = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      day: fc.integer({ min: 0, max: 1200 }),
      share: fc.integer({ min: 1, max: 4000 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('correct' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 4000 }) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('metode' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('tazir' as const), share: fc.integer({ min: 1, max: 100 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('hapusBuku' as const) }) },
);

describe('money events: properties', () => {
  it(
    'over 10 000 random sequences (payments in any order, partial, over, corrected, cancelled, settled; method changes; ta’zir; write-off and recovery) the events add up to the position',
    { timeout: 300_000 },
    () => {
      fc.assert(
        fc.property(caseArb, fc.array(opArb, { maxLength: 12 }), ([loan, history, metode], ops) => {
          const book = new Book(loan, metode);
          let nextId = 1;
          const amount = (share: number) => Math.max(1, Math.round((loan.jumlah * share) / 20_000));
          // A history of up to 12 payments, then up to 12 more events of any kind.
          for (const step of [...history.slice(0, 12).map((p) => ({ op: 'payment' as const, p })), ...ops]) {
            // The server refuses to correct or cancel a payment a write-off counted.
            const living = book.payments().filter((p) => book.changeable(p.id));
            if (step.op === 'payment') {
              book.add({ ...step.p, id: nextId++ });
              continue;
            }
            if (step.op === 'add') {
              const day = addDays(loan.tanggal_pinjam, step.day);
              // A recovery is dated from the write-off on.
              const tanggal = book.hapusBuku && day < book.hapusBuku.tanggal ? book.hapusBuku.tanggal : day;
              book.add(pay(nextId++, tanggal, amount(step.share)));
            } else if (step.op === 'cancel' && living.length > 0) book.cancel(living[step.pick % living.length]!.id);
            else if (step.op === 'correct' && living.length > 0) {
              const old = living[step.pick % living.length]!;
              book.cancel(old.id);
              book.add({ ...old, jumlah: amount(step.share) });
            } else if (step.op === 'hapusBuku') {
              // Only a running loan that still owes something can be written off, once.
              const position = book.position();
              if (!book.hapusBuku && !position.dilunasi && position.sisa_kewajiban > 0) book.writeOff(nextId - 1);
            } else if (step.op === 'metode') {
              book.metode = book.metode === 'proporsional' ? 'anuitas' : 'proporsional';
              book.post('penyesuaian', null);
            } else if (step.op === 'tazir') book.receiveTazir(amount(step.share));
            agrees(book);
          }
          agrees(book);
        }),
        { numRuns: 10_000 },
      );
    },
  );

  it('payments added in date order: cancelling the latest posts only its opposite and restores the exact events before it', () => {
    fc.assert(
      fc.property(caseArb, ([loan, history, metode]) => {
        const ordered = [...history].sort((a, b) => (a.tanggal < b.tanggal ? -1 : a.tanggal > b.tanggal ? 1 : a.id - b.id));
        if (ordered.length === 0) return;
        const book = new Book(loan, metode);
        for (const p of ordered.slice(0, -1)) book.add(p);
        const before = book.sum();
        book.add(ordered.at(-1)!);
        expect(book.cancel(ordered.at(-1)!.id)).toBeNull();
        expect(book.sum()).toEqual(before);
      }),
      { numRuns: 2_000 },
    );
  });

  it('the events derived for an existing loan add up to its position; each payment’s event moves exactly its amount', () => {
    fc.assert(
      fc.property(caseArb, ([loan, payments, metode]) => {
        const events = deriveLoanEvents(loan, payments, TODAY, metode);
        const position = loanPosition(loan, payments, TODAY, metode);
        expect(partsSum(events.map((e) => e.parts))).toEqual(positionParts(loan, position, payments));
        expect(events.filter((e) => e.pembayaran_id !== null).map((e) => e.parts.kas)).toEqual(
          [...payments]
            .sort((a, b) => (a.tanggal < b.tanggal ? -1 : a.tanggal > b.tanggal ? 1 : a.id - b.id))
            .map((p) => p.jumlah),
        );
      }),
      { numRuns: 2_000 },
    );
  });
});
