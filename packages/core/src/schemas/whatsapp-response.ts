/**
 * What the WhatsApp endpoints answer (spec §3 WhatsApp session data, Notification recipient,
 * Pagination, Test send result). The API declares these as response schemas; the web app reads
 * the inferred types.
 */
import { z } from 'zod';
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
  created_at: z.string(),
  updated_at: z.string(),
});
export type NotificationRecipient = z.infer<typeof notificationRecipientSchema>;

/** The recipients list's own pagination block (spec §3 Pagination; decisions §2). */
export const recipientPaginationSchema = z.object({
  current_page: z.number().int(),
  total_pages: z.number().int(),
  total_items: z.number().int(),
  items_per_page: z.number().int(),
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
  recipients: z.array(z.object({ id: z.number().int(), name: z.string(), phone_number: z.string() })),
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
