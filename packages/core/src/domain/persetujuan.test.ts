import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decisionRefusal, paymentRefusalOfStatus, pemutusOf, persetujuanMessages as m } from './persetujuan';
import { isDisbursed, statusPinjamanFilter } from './types';
import { roles } from './roles';

describe('decisionRefusal (four eyes)', () => {
  it('lets an administrator or a manager decide what someone else proposed', () => {
    expect(decisionRefusal({ id: 2, role: 'admin' }, 5)).toBeNull();
    expect(decisionRefusal({ id: 2, role: 'manajer' }, 5)).toBeNull();
  });

  it('refuses operators and users, and anyone deciding their own proposal', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...roles),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        (role, id, proposer) => {
          const refusal = decisionRefusal({ id, role }, proposer);
          if (role === 'operator' || role === 'user') expect(refusal).toBe(m.bukanPenyetuju);
          else if (id === proposer) expect(refusal).toBe(m.milikSendiri);
          else expect(refusal).toBeNull();
        },
      ),
    );
  });
});

describe('loans never disbursed', () => {
  it('take no payment, and are exactly the pending and rejected ones', () => {
    for (const status of statusPinjamanFilter) {
      const refusal = paymentRefusalOfStatus(status);
      expect(refusal === null).toBe(isDisbursed(status));
    }
    expect(paymentRefusalOfStatus('pending')).toBe(m.pinjamanMenunggu);
    expect(paymentRefusalOfStatus('ditolak')).toBe(m.pinjamanDitolak);
  });
});

describe('pemutusOf (who could decide a request, issue 51)', () => {
  const users = [
    { id: 1, role: 'admin', aktif: true },
    { id: 2, role: 'manajer', aktif: true },
    { id: 3, role: 'manajer', aktif: false },
    { id: 4, role: 'operator', aktif: true },
    { id: 5, role: 'user', aktif: true },
  ];
  it.each([
    [1, [2]],
    [2, [1]],
    [4, [1, 2]],
    [3, [1, 2]],
  ])('requester %i: %j', (requester, expected) => {
    expect(pemutusOf(users, requester).map((u) => u.id)).toEqual(expected);
  });
  it('is empty for the only administrator with no manager', () => {
    expect(pemutusOf([{ id: 1, role: 'admin', aktif: true }], 1)).toEqual([]);
  });
});
