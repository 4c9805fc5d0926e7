/**
 * What the WhatsApp endpoints answer (spec §3 WhatsApp session data, Notification recipient,
 * Pagination, Test send result). The API declares these as response schemas; the web app reads
 * the inferred types.
 */
import { z } from './zod';
import { recordTimesShape } from './record-times';
import { statusPenerima } from '../domain/types';

/** Session statuses (spec §4). Anything else, or none, means not connected. */
export const waSessionStatuses = ['PENDING', 'READY', 'DISCONNECTED', 'FAILED', 'ERROR'] as const;
export type WaSessionStatus = (typeof waSessionStatuses)[number];

/** Which gateway serves the session (decisions §5). */
export const waGatewayKinds = ['baileys', 'simulator'] as const;

/** `GET /api/wa-sessions/status`, `/qr`, `POST /create`: the session data. */
export const waSessionSchema = z.object({
  gateway: z.enum(waGatewayKinds),
  session_id: z.string().nullable(),
  status: z.enum(waSessionStatuses).nullable(),
  /** PNG data URL of the QR code to scan while PENDING. */
  qr_code: z.string().nullable(),
  phone_number: z.string().nullable(),
  metadata: z
    .object({
      name: z.string().nullable(),
      phone_number: z.string().nullable(),
      chats_count: z.number().int(),
    })
    .nullable(),
  /** The service error (FAILED / ERROR), for the red banner. */
  error: z.string().nullable(),
  updated_at: z.string(),
  /**
   * When a test message last reached WhatsApp (at least one recipient SENT) on this session, read
   * from the message log; null when none did, or the session is not READY.
   */
  test_message_sent_at: z.string().nullable(),
});
export type WaSession = z.infer<typeof waSessionSchema>;

/** One notification recipient. */
export const notificationRecipientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Normalised, 62… */
  phone_number: z.string(),
  status: z.enum(statusPenerima),
  ...recordTimesShape,
});
export type NotificationRecipient = z.infer<typeof notificationRecipientSchema>;

/** Which page of a list an answer holds, and how many items a page holds. */
const pageShape = { current_page: z.number().int(), items_per_page: z.number().int() };

/** The recipients list's own pagination block (spec §3 Pagination; decisions §2). */
export const recipientPaginationSchema = z.object({
  ...pageShape,
  total_pages: z.number().int(),
  total_items: z.number().int(),
});
export type RecipientPagination = z.infer<typeof recipientPaginationSchema>;

/** `GET /api/wa-notification-recipients`: `data.recipients` and `data.pagination`. */
export const notificationRecipientListSchema = z.object({
  recipients: z.array(notificationRecipientSchema),
  pagination: recipientPaginationSchema,
});
export type NotificationRecipientList = z.infer<typeof notificationRecipientListSchema>;

/** Message-log statuses a send can end in (SENT, later DELIVERED/READ from receipts). */
export const waMessageStatuses = [
  'QUEUED',
  'SENDING',
  'SENT',
  'FAILED',
  'DELIVERED',
  'READ',
  'UNCERTAIN',
  'SKIPPED',
  'EXPIRED',
] as const;
export type WaMessageStatus = (typeof waMessageStatuses)[number];

/** `POST /api/wa-sessions/test-message`: wa_response is aligned with recipients. */
export const waTestResultSchema = z.object({
  total_recipients: z.number().int(),
  recipients: z.array(notificationRecipientSchema.pick({ id: true, name: true, phone_number: true })),
  wa_response: z.array(
    z.object({
      success: z.boolean(),
      status: z.enum(waMessageStatuses),
      message_id: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type WaTestResult = z.infer<typeof waTestResultSchema>;

/**
 * What kind of message a log row is (issue 24): a test, a notification, a reminder, one by hand,
 * an automatic reply (the confirmation of a customer's BERHENTI).
 */
export const waMessageJenis = ['test', 'notifikasi', 'pengingat', 'manual', 'balasan'] as const;
export type WaMessageJenis = (typeof waMessageJenis)[number];

/** Each kind's name on the message log screen. */
export const waMessageJenisLabels: Record<WaMessageJenis, string> = {
  test: 'Pesan test',
  notifikasi: 'Notifikasi',
  pengingat: 'Pengingat',
  manual: 'Manual',
  balasan: 'Balasan otomatis',
};

/** Each status's name on the message log screen. */
export const waMessageStatusLabels: Record<WaMessageStatus, string> = {
  QUEUED: 'Menunggu',
  SENDING: 'Sedang dikirim',
  SENT: 'Terkirim',
  DELIVERED: 'Diterima',
  READ: 'Dibaca',
  FAILED: 'Gagal',
  UNCERTAIN: 'Tidak pasti',
  SKIPPED: 'Dilewati',
  EXPIRED: 'Kedaluwarsa',
};

/**
 * The statuses "Kirim ulang" acts on: a message that failed, or one whose sending was cut off (it
 * may have arrived, so it is never resent by itself: a person decides).
 */
export const waResendableStatuses: readonly WaMessageStatus[] = ['FAILED', 'UNCERTAIN'];

/** One row of the message log (`GET /api/wa-messages`). */
export const waMessageSchema = z.object({
  id: z.number().int(),
  jenis: z.enum(waMessageJenis),
  /** The event a notification tells of (core notifikasiEvents), or null. */
  acara: z.string().nullable(),
  /** The recipient's name when the message was written (a recipient of the list, later a customer). */
  nama: z.string().nullable(),
  phone_number: z.string(),
  text: z.string(),
  status: z.enum(waMessageStatuses),
  /** How many times it was handed to WhatsApp. */
  attempts: z.number().int(),
  error: z.string().nullable(),
  ...recordTimesShape,
});
export type WaMessage = z.infer<typeof waMessageSchema>;

/**
 * The message log's pages: whether a next page exists, without a total (counting a log of
 * hundreds of thousands of rows at every look would cost more than the page itself).
 */
export const waMessagePaginationSchema = z.object({ ...pageShape, has_more: z.boolean() });
export type WaMessagePagination = z.infer<typeof waMessagePaginationSchema>;

/** `GET /api/wa-messages`: `data.messages` and `data.pagination`. */
export const waMessageListSchema = z.object({
  messages: z.array(waMessageSchema),
  pagination: waMessagePaginationSchema,
});
export type WaMessageList = z.infer<typeof waMessageListSchema>;

/** `GET /api/wa-messages/ringkasan`: today's messages (Jakarta day) and what waits now. */
export const waMessageSummarySchema = z.object({
  tanggal: z.string(),
  /** Written today and reached WhatsApp (SENT, DELIVERED, READ). */
  terkirim: z.number().int(),
  /** Notifications and reminders waiting to be sent now (QUEUED, whatever day they were written). */
  menunggu: z.number().int(),
  /** Written today and FAILED or UNCERTAIN. */
  gagal: z.number().int(),
  /** Today's cap of messages to customers (reminders and by hand; the first week's while the number is new). */
  batas: z.number().int(),
  /** What is left of it. */
  sisa_batas: z.number().int(),
});
export type WaMessageSummary = z.infer<typeof waMessageSummarySchema>;
