/** Query keys of the WhatsApp feature. Everything lives in the query cache, so logout clears it. */
export const waKeys = {
  /** The session data (spec §3), shared by every WhatsApp screen. */
  session: ['wa-session'] as const,
  /** UI memory of the session screens (QR modal closed by hand for which session). */
  sessionUi: ['wa-session-ui'] as const,
  recipients: ['wa-recipients'] as const,
  activeRecipients: ['wa-recipients', 'active'] as const,
  /** The message log and today's counters. */
  messages: ['wa-messages'] as const,
};
