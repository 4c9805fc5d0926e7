import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { nasabahCreateSchema } from './nasabah';
import { nasabahListQuerySchema } from './list-query';
import { optionalTextField, textField } from './fields';

// PostgreSQL cannot store a NUL character: the schemas refuse it so that it becomes a 400, not a 500.
describe('NUL characters in texts', () => {
  const msg = messages.common.textNulChar;

  it('are refused in required and optional texts, with one message', () => {
    const required = textField('wajib', 10, 'terlalu panjang').safeParse('ab\u0000c');
    expect(required.success).toBe(false);
    expect(required.error?.issues.map((i) => i.message)).toEqual([msg]);
    const optional = optionalTextField(10, 'terlalu panjang').safeParse('\u0000');
    expect(optional.error?.issues.map((i) => i.message)).toEqual([msg]);
    expect(optionalTextField(10, 'x').parse('  ')).toBeNull();
  });

  it('are refused in a customer name and in a list search', () => {
    const body = nasabahCreateSchema.safeParse({
      nama: 'Bu\u0000di',
      nik: '3201234567890001',
      telepon: '081234567',
      alamat: 'a',
      kecamatan: 'b',
      kota: 'c',
    });
    expect(body.error?.issues).toEqual([expect.objectContaining({ path: ['nama'], message: msg })]);
    const query = nasabahListQuerySchema.safeParse({ search: 'a\u0000' });
    expect(query.error?.issues).toEqual([expect.objectContaining({ path: ['search'], message: msg })]);
    expect(nasabahListQuerySchema.parse({ search: ' budi ' }).search).toBe('budi');
  });
});
