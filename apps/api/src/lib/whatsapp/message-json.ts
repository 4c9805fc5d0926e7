import type { WaMessage } from '@mizan/core';

/** A row of the message log as the API answers it (the log, a resend, a reminder sent by hand). */
export function toMessage(row: Omit<WaMessage, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date }): WaMessage {
  return {
    id: row.id,
    jenis: row.jenis,
    acara: row.acara,
    nama: row.nama,
    phone_number: row.phone_number,
    text: row.text,
    status: row.status,
    attempts: row.attempts,
    error: row.error,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
