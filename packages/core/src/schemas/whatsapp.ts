/** WhatsApp gateway schemas: test message and notification recipients (spec §5). */
import { z } from './zod';
import { statusPenerima } from '../domain/types';
import { normalizeRecipientPhone } from '../format/phone';
import { messages } from '../messages';
import { enumField, textField } from './fields';

const m = messages.whatsapp;

/** Maximum length of a test message (spec §5; the counter shows length/1000). */
export const WA_MESSAGE_MAX_LENGTH = 1000;
/** Maximum length of a recipient name (spec §5). */
export const RECIPIENT_NAME_MAX_LENGTH = 255;

/** Test-message modal and `POST /api/wa-sessions/test-message` body. */
export const waTestMessageSchema = z.object({
  message: textField(m.messageRequired, WA_MESSAGE_MAX_LENGTH, m.messageMax),
});
export type WaTestMessageInput = z.infer<typeof waTestMessageSchema>;

/** A recipient phone number, normalised to the 62 prefix (08… → 62…); see normalizeRecipientPhone. */
export const recipientPhoneSchema = z.string({ error: m.phoneRequired }).transform((value, ctx) => {
  const result = normalizeRecipientPhone(value);
  if (result.ok) return result.value;
  ctx.issues.push({ code: 'custom', message: result.error, input: value });
  return z.NEVER;
});

/** Recipient add/edit form and `POST`/`PUT /api/wa-notification-recipients` body. */
export const notificationRecipientCreateSchema = z.object({
  name: textField(m.nameRequired, RECIPIENT_NAME_MAX_LENGTH, m.nameMax),
  phone_number: recipientPhoneSchema,
  status: enumField(statusPenerima, m.statusInvalid).default('active'),
});
export type NotificationRecipientCreateInput = z.infer<typeof notificationRecipientCreateSchema>;
export type NotificationRecipientFormValues = z.input<typeof notificationRecipientCreateSchema>;

/** `PUT /api/wa-notification-recipients/{id}` body: the same fields (spec §7). */
export const notificationRecipientUpdateSchema = notificationRecipientCreateSchema;
export type NotificationRecipientUpdateInput = z.infer<typeof notificationRecipientUpdateSchema>;
