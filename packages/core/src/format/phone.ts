/** Telephone numbers: the customer telepon rule and the WhatsApp recipient normaliser (spec §5). */
import { messages } from '../messages';

/** Digits a normalised recipient number has, country code 62 included (E.164 allows 15). */
export const RECIPIENT_PHONE_MIN_DIGITS = 10;
export const RECIPIENT_PHONE_MAX_DIGITS = 15;

/** Digits a customer telepon must contain (a local landline has 7, E.164 at most 15). */
export const CUSTOMER_PHONE_MIN_DIGITS = 7;
export const CUSTOMER_PHONE_MAX_DIGITS = 15;
/** Characters a customer telepon may have, separators included. */
export const CUSTOMER_PHONE_MAX_LENGTH = 30;

/** Outcome of a normalisation: the value, or the Indonesian error message. */
export type PhoneResult = { ok: true; value: string } | { ok: false; error: string };

/**
 * Normalises a WhatsApp recipient number to the 62 prefix (spec §5): separators (spaces, dashes,
 * dots, parentheses) and a leading '+' are removed, then 08… → 62…, 62… kept, 8… → 628…;
 * the result must have 10–15 digits. Idempotent.
 */
export function normalizeRecipientPhone(input: string | null | undefined): PhoneResult {
  const trimmed = (input ?? '').trim();
  if (trimmed === '') return { ok: false, error: messages.whatsapp.phoneRequired };
  const compact = trimmed.replace(/[\s\-.()]/g, '').replace(/^\+/, '');
  const invalid: PhoneResult = { ok: false, error: messages.whatsapp.phoneInvalid };
  if (!/^\d+$/.test(compact)) return invalid;
  let normalized: string;
  if (compact.startsWith('08')) normalized = `62${compact.slice(1)}`;
  else if (compact.startsWith('62')) normalized = compact;
  else if (compact.startsWith('8')) normalized = `62${compact}`;
  else return invalid;
  if (normalized.length < RECIPIENT_PHONE_MIN_DIGITS || normalized.length > RECIPIENT_PHONE_MAX_DIGITS) {
    return invalid;
  }
  return { ok: true, value: normalized };
}

/**
 * The customer telepon rule (spec §5): required; only digits, '+', '-', spaces and parentheses;
 * 7–15 digits; at most 30 characters. Returns the Indonesian message, or null when valid.
 */
export function customerPhoneError(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return messages.nasabah.teleponRequired;
  if (!/^[0-9+\-\s()]+$/.test(trimmed)) return messages.nasabah.teleponInvalid;
  const digits = trimmed.replace(/\D/g, '').length;
  if (digits < CUSTOMER_PHONE_MIN_DIGITS || digits > CUSTOMER_PHONE_MAX_DIGITS) {
    return messages.nasabah.teleponInvalid;
  }
  if (trimmed.length > CUSTOMER_PHONE_MAX_LENGTH) return messages.nasabah.teleponMax;
  return null;
}

/** Whether a customer telepon passes {@link customerPhoneError}. */
export function isValidCustomerPhone(value: string | null | undefined): boolean {
  return customerPhoneError(value) === null;
}

/**
 * A `tel:` link to a customer's number as staff typed it (separators dropped, a leading '+'
 * kept), or null when the number is not a valid customer telepon.
 */
export function telUrl(telepon: string | null | undefined): string | null {
  if (!isValidCustomerPhone(telepon)) return null;
  const trimmed = telepon!.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

/**
 * A WhatsApp chat link (`https://wa.me/62…`) to a customer's number, or null when it is not a
 * mobile number WhatsApp can reach (the recipient rule: 08…, 62…, 8…; 10–15 digits).
 */
export function whatsappChatUrl(telepon: string | null | undefined): string | null {
  const normalized = normalizeRecipientPhone(telepon);
  return normalized.ok ? `https://wa.me/${normalized.value}` : null;
}
