import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { customerPhoneError, isValidCustomerPhone, normalizeRecipientPhone, telUrl, whatsappChatUrl } from './phone';

const INVALID = 'Format nomor telepon tidak valid. Gunakan format 08xxx atau 62xxx';
const REQUIRED = 'Nomor telepon harus diisi';

describe('normalizeRecipientPhone (spec §5)', () => {
  it.each([
    ['081234567890', '6281234567890'],
    ['6281234567890', '6281234567890'],
    ['81234567890', '6281234567890'],
    ['0812-3456-7890', '6281234567890'],
    ['0812 3456 7890', '6281234567890'],
    ['+62 812-3456-7890', '6281234567890'],
    ['(0812) 3456.7890', '6281234567890'],
    ['  081234567890  ', '6281234567890'],
    ['0811234567', '62811234567'], // shortest accepted mobile: 11 digits after normalising
    ['62812345678901', '62812345678901'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeRecipientPhone(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', REQUIRED],
    ['   ', REQUIRED],
    [null, REQUIRED],
    [undefined, REQUIRED],
    ['0212345678', INVALID], // neither 08, 62 nor 8
    ['12345678901', INVALID],
    ['08123', INVALID], // too short
    ['62', INVALID],
    ['0812345678901234567', INVALID], // too long
    ['0812abc45678', INVALID],
    ['+', INVALID],
    ['--', INVALID],
  ])('%j → error %j', (input, error) => {
    expect(normalizeRecipientPhone(input)).toEqual({ ok: false, error });
  });

  it('is idempotent: normalising twice gives the same result', () => {
    const anyInput = fc.oneof(
      fc.string(),
      fc
        .tuple(fc.constantFrom('08', '62', '8', '+62', '+62 ', '0', '1', ''), fc.stringMatching(/^[0-9 \-.()]{0,16}$/))
        .map(([prefix, rest]) => prefix + rest),
    );
    fc.assert(
      fc.property(anyInput, (input) => {
        const once = normalizeRecipientPhone(input);
        if (!once.ok) return;
        expect(once.value).toMatch(/^62\d{8,13}$/);
        expect(normalizeRecipientPhone(once.value)).toEqual(once);
      }),
    );
  });

  it('accepts every 08…, 62… and 8… mobile number of a sensible length', () => {
    fc.assert(
      fc.property(fc.constantFrom('08', '628', '8'), fc.stringMatching(/^\d{8,11}$/), (prefix, rest) => {
        const result = normalizeRecipientPhone(prefix + rest);
        expect(result).toEqual({ ok: true, value: `628${rest}` });
      }),
    );
  });
});

describe('customer telepon rule (spec §5)', () => {
  it.each([
    ['', 'Nomor telepon tidak boleh kosong'],
    ['  ', 'Nomor telepon tidak boleh kosong'],
    [null, 'Nomor telepon tidak boleh kosong'],
    ['0812-3456-789', null],
    ['+62 (812) 3456-7890', null],
    ['(021) 7654321', null],
    ['7654321', null],
    ['0812.3456.789', 'Format nomor telepon tidak valid'],
    ['08123abc', 'Format nomor telepon tidak valid'],
    ['+62#812', 'Format nomor telepon tidak valid'],
    ['123456', 'Format nomor telepon tidak valid'], // fewer than 7 digits
    ['1234567890123456', 'Format nomor telepon tidak valid'], // more than 15 digits
    ['(+62) (812) -- (3456) -- (7890)', 'Nomor telepon maksimal 30 karakter'],
  ])('%j → %j', (value, expected) => {
    expect(customerPhoneError(value)).toBe(expected);
    expect(isValidCustomerPhone(value)).toBe(expected === null);
  });
});

describe('contact links of a customer (the Tunggakan screen)', () => {
  it.each([
    ['0812-3456-7890', 'tel:081234567890', 'https://wa.me/6281234567890'],
    ['+62 (812) 3456-7890', 'tel:+6281234567890', 'https://wa.me/6281234567890'],
    ['(021) 7654321', 'tel:0217654321', null], // a landline: a call, no WhatsApp
    ['08123abc', null, null],
    [null, null, null],
    ['', null, null],
  ])('%j → %j and %j', (telepon, tel, wa) => {
    expect(telUrl(telepon)).toBe(tel);
    expect(whatsappChatUrl(telepon)).toBe(wa);
  });

  it('calls the digits staff typed and chats the normalised number, for every valid mobile number', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('08', '628', '8'),
        fc.stringMatching(/^\d{8,11}$/),
        fc.constantFrom('', ' ', '-'),
        (prefix, rest, sep) => {
          const typed = `${prefix}${rest.slice(0, 4)}${sep}${rest.slice(4)}`;
          expect(telUrl(typed)).toBe(`tel:${prefix}${rest}`);
          expect(whatsappChatUrl(typed)).toBe(`https://wa.me/628${rest}`);
        },
      ),
    );
  });
});
