import { describe, expect, it } from 'vitest';
import { notificationRecipientCreateSchema, recipientPhoneSchema, waTestMessageSchema } from './whatsapp';
import { issuesByField } from './test-helpers';

describe('waTestMessageSchema (spec §5 WhatsApp)', () => {
  it.each([
    [{ message: '' }, { message: ['Pesan harus diisi'] }],
    [{ message: '   ' }, { message: ['Pesan harus diisi'] }],
    [{}, { message: ['Pesan harus diisi'] }],
    [{ message: 'x'.repeat(1001) }, { message: ['Pesan maksimal 1000 karakter'] }],
    [{ message: 'x'.repeat(1000) }, {}],
    [{ message: 'Tes pesan dari BMT Mizan Syariah' }, {}],
  ])('%j', (input, expected) => {
    expect(issuesByField(waTestMessageSchema, input)).toEqual(expected);
  });
});

describe('notificationRecipientCreateSchema', () => {
  it('normalises the phone number and defaults status to active', () => {
    expect(notificationRecipientCreateSchema.parse({ name: ' Pak Ahmad ', phone_number: '0812-3456-7890' })).toEqual({
      name: 'Pak Ahmad',
      phone_number: '6281234567890',
      status: 'active',
    });
    expect(notificationRecipientCreateSchema.parse({ name: 'A', phone_number: '6281234567890', status: 'inactive' }).status).toBe(
      'inactive',
    );
  });

  it.each([
    [
      { name: '', phone_number: '' },
      { name: ['Nama harus diisi'], phone_number: ['Nomor telepon harus diisi'] },
    ],
    [{}, { name: ['Nama harus diisi'], phone_number: ['Nomor telepon harus diisi'] }],
    [{ name: 'x'.repeat(256), phone_number: '081234567890' }, { name: ['Nama maksimal 255 karakter'] }],
    [
      { name: 'A', phone_number: '0212345678' },
      { phone_number: ['Format nomor telepon tidak valid. Gunakan format 08xxx atau 62xxx'] },
    ],
    [{ name: 'A', phone_number: '081234567890', status: 'aktif' }, { status: ['Status harus active atau inactive'] }],
  ])('%j', (input, expected) => {
    expect(issuesByField(notificationRecipientCreateSchema, input)).toEqual(expected);
  });

  it('accepts a name of exactly 255 characters', () => {
    expect(notificationRecipientCreateSchema.safeParse({ name: 'x'.repeat(255), phone_number: '81234567890' }).success).toBe(
      true,
    );
  });

  it('exposes the phone schema on its own', () => {
    expect(recipientPhoneSchema.parse('+62 812 3456 7890')).toBe('6281234567890');
  });
});
