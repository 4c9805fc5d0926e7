import { messages } from '@mizan/core';
import type {
  NotificationRecipient,
  NotificationRecipientCreateInput,
  NotificationRecipientList,
  NotificationRecipientListQuery,
} from '@mizan/core';
import type { Database } from '../../db/database';
import type { Selectable } from 'kysely';
import type { WaRecipientsTable } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { forgetSettings } from '../../db/settings-cache';
import * as repo from './wa-recipients.repository';

export const PHONE_TAKEN = 'Nomor telepon sudah terdaftar';

type Row = Selectable<WaRecipientsTable>;

function toRecipient(row: Row): NotificationRecipient {
  return {
    id: row.id,
    name: row.name,
    phone_number: row.phone_number,
    status: row.status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const phoneTaken = () => conflict(PHONE_TAKEN, [{ path: 'phone_number', msg: PHONE_TAKEN }]);

function isPhoneUniqueViolation(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && (constraint === undefined || constraint.includes('phone_number'));
}

/** The list in the shape spec §7 names: data.recipients and data.pagination. */
export async function listRecipients(db: Database, query: NotificationRecipientListQuery): Promise<NotificationRecipientList> {
  const { rows, total } = await repo.listRecipients(db, query);
  return {
    recipients: rows.map(toRecipient),
    pagination: {
      current_page: query.page,
      total_pages: Math.ceil(total / query.limit),
      total_items: total,
      items_per_page: query.limit,
    },
  };
}

export async function listActiveRecipients(db: Database): Promise<NotificationRecipient[]> {
  return (await repo.listActiveRecipients(db)).map(toRecipient);
}

export async function getRecipient(db: Database, id: number): Promise<NotificationRecipient> {
  const row = await repo.findRecipient(db, id);
  if (!row) throw notFound(messages.notFound.penerima);
  return toRecipient(row);
}

export async function createRecipient(db: Database, input: NotificationRecipientCreateInput): Promise<NotificationRecipient> {
  if (await repo.findRecipientByPhone(db, input.phone_number)) throw phoneTaken();
  try {
    const row = await repo.insertRecipient(db, input);
    // Who is told of a payment is remembered per process: this one forgets at once, the others on the notice.
    forgetSettings(db);
    return toRecipient(row);
  } catch (error) {
    if (isPhoneUniqueViolation(error)) throw phoneTaken(); // registered at the same moment
    throw error;
  }
}

export async function updateRecipient(
  db: Database,
  id: number,
  input: NotificationRecipientCreateInput,
): Promise<NotificationRecipient> {
  if (!(await repo.findRecipient(db, id))) throw notFound(messages.notFound.penerima);
  const owner = await repo.findRecipientByPhone(db, input.phone_number);
  if (owner && owner.id !== id) throw phoneTaken();
  try {
    const row = await repo.updateRecipient(db, id, input);
    if (!row) throw notFound(messages.notFound.penerima);
    forgetSettings(db);
    return toRecipient(row);
  } catch (error) {
    if (isPhoneUniqueViolation(error)) throw phoneTaken();
    throw error;
  }
}

export async function deleteRecipient(db: Database, id: number): Promise<void> {
  const deleted = await repo.deleteRecipient(db, id);
  forgetSettings(db);
  if (!deleted) throw notFound(messages.notFound.penerima);
}
