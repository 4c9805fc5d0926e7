/**
 * Querystring schemas of the list endpoints (spec §7, §9). Values arrive as strings; empty values
 * and the UI's 'all' option mean "no filter". Invalid values give a 400 with these messages
 * (decisions §2), never a silently ignored parameter.
 */
import { z } from './zod';
import { jenisPembayaran, statusNasabah, statusPenerima, statusPinjamanFilter, tipePinjaman } from '../domain/types';
import { messages } from '../messages';
import { firstFailing, idField, NO_NUL, optionalDateField, toNumberInput, type NumberInput } from './fields';
import { waMessageJenis, waMessageStatuses } from './whatsapp-response';
import {
  DEFAULT_PAGE_SIZE,
  exportFormats,
  type ExportFormat,
  MAX_ACTIVITY_LIMIT,
  MAX_PAGE_SIZE,
  nasabahSortKeys,
  pembayaranSortKeys,
  pinjamanSortKeys,
  SEARCH_MAX_LENGTH,
  sortOrders,
  type SortOrder,
  tunggakanSortKeys,
} from '../domain/list-keys';

const m = messages.listQuery;

/** '' / whitespace / 'all' / null → undefined (no filter); other strings are trimmed. */
function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' || text.toLowerCase() === 'all' ? undefined : text;
}

function integerParam(options: { integer: string; min: number; minMessage: string; max: number; maxMessage: string }) {
  return z.preprocess(
    (value: NumberInput) => toNumberInput(blankToUndefined(value)),
    z
      .number({ error: options.integer })
      .check(
        firstFailing<number>([
          [Number.isInteger, options.integer],
          [(v) => v >= options.min, options.minMessage],
          [(v) => v <= options.max, options.maxMessage],
        ]),
      )
      .optional(),
  );
}

/** An optional enum filter: blank or 'all' → absent, an unknown value → 400 with `message`. */
export function enumParam<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(
    (value: string | null | undefined) => blankToUndefined(value),
    z.enum(values, { error: message }).optional(),
  );
}

/** `page`: integer ≥ 1, default 1. */
export const pageParamSchema = integerParam({
  integer: m.pageInteger,
  min: 1,
  minMessage: m.pageMin,
  max: Number.MAX_SAFE_INTEGER,
  maxMessage: m.pageInteger,
}).transform((value) => value ?? 1);

/** `limit`: integer 1–1000, default 10. */
export const limitParamSchema = integerParam({
  integer: m.limitInteger,
  min: 1,
  minMessage: m.limitMin,
  max: MAX_PAGE_SIZE,
  maxMessage: m.limitMax,
}).transform((value) => value ?? DEFAULT_PAGE_SIZE);

/** `search`: trimmed, at most 100 characters; blank → absent. */
export const searchParamSchema = z.preprocess(
  (value: string | null | undefined) => {
    if (typeof value !== 'string') return value ?? undefined;
    const text = value.trim();
    return text === '' ? undefined : text;
  },
  z.string({ error: m.searchMax }).max(SEARCH_MAX_LENGTH, m.searchMax).regex(NO_NUL, messages.common.textNulChar).optional(),
);

/** `sortOrder`: asc | desc (case-insensitive), default desc. */
export const sortOrderParamSchema = z
  .preprocess(
    (value: string | null | undefined) => {
      const text = blankToUndefined(value);
      return typeof text === 'string' ? text.toLowerCase() : text;
    },
    z.enum(sortOrders, { error: m.sortOrderInvalid }).optional(),
  )
  .transform((value): SortOrder => value ?? 'desc');

function sortByParam<const T extends readonly [string, ...string[]]>(keys: T, fallback: T[number]) {
  return enumParam(keys, m.sortByInvalid).transform((value): T[number] => value ?? fallback);
}

export function optionalIdParam() {
  return z.preprocess((value: NumberInput) => blankToUndefined(value), idField(messages.common.idInvalid).optional());
}

const paging = {
  page: pageParamSchema,
  limit: limitParamSchema,
  search: searchParamSchema,
  sortOrder: sortOrderParamSchema,
};

const kolektibilitasParam = enumParam(['1', '2', '3', '4', '5'], m.kolektibilitasInvalid).transform((v) =>
  v === undefined ? undefined : (Number(v) as 1 | 2 | 3 | 4 | 5),
);

/** A place filter (kota, kecamatan): trimmed, blank → absent, matched whole and case-insensitively. */
const wilayahParam = z.preprocess(
  (value: string | null | undefined) => {
    if (typeof value !== 'string') return value ?? undefined;
    const text = value.trim();
    return text === '' ? undefined : text;
  },
  z.string({ error: m.wilayahMax }).max(100, m.wilayahMax).regex(NO_NUL, messages.common.textNulChar).optional(),
);

/** `GET /api/nasabah` query: page, limit, search, status, sortBy (default created_at), sortOrder. */
export const nasabahListQuerySchema = z.object({
  ...paging,
  status: enumParam(statusNasabah, m.statusInvalid),
  sortBy: sortByParam(nasabahSortKeys, 'created_at'),
});
export type NasabahListQuery = z.infer<typeof nasabahListQuerySchema>;

/** `GET /api/pinjaman` query: + status, tipe, nasabah_id; sortBy default created_at. */
export const pinjamanListQuerySchema = z.object({
  ...paging,
  status: enumParam(statusPinjamanFilter, m.statusInvalid),
  tipe: enumParam(tipePinjaman, m.tipeInvalid),
  nasabah_id: optionalIdParam(),
  /** Class 1–5 of the loan's stored ledger summary (issue 23). */
  kolektibilitas: kolektibilitasParam,
  sortBy: sortByParam(pinjamanSortKeys, 'created_at'),
});
export type PinjamanListQuery = z.infer<typeof pinjamanListQuerySchema>;

const monthParam = integerParam({
  integer: m.monthInvalid,
  min: 1,
  minMessage: m.monthInvalid,
  max: 12,
  maxMessage: m.monthInvalid,
});
const yearParam = integerParam({
  integer: m.yearInvalid,
  min: 2000,
  minMessage: m.yearInvalid,
  max: 2100,
  maxMessage: m.yearInvalid,
});

const pembayaranFilters = {
  pinjaman_id: optionalIdParam(),
  nasabah_id: optionalIdParam(),
  jenis: enumParam(jenisPembayaran, m.jenisInvalid),
  month: monthParam,
  year: yearParam,
};

/** `GET /api/pembayaran` query: + pinjaman_id, nasabah_id, jenis, month, year; sortBy default tanggal. */
export const pembayaranListQuerySchema = z.object({
  ...paging,
  ...pembayaranFilters,
  sortBy: sortByParam(pembayaranSortKeys, 'tanggal'),
});
export type PembayaranListQuery = z.infer<typeof pembayaranListQuerySchema>;

/** `GET /api/pembayaran/stats` query: month, year, jenis, pinjaman_id (all optional). */
export const pembayaranStatsQuerySchema = z.object({
  month: pembayaranFilters.month,
  year: pembayaranFilters.year,
  jenis: pembayaranFilters.jenis,
  pinjaman_id: pembayaranFilters.pinjaman_id,
});
export type PembayaranStatsQuery = z.infer<typeof pembayaranStatsQuerySchema>;

/** `GET /api/wa-notification-recipients` query: search, status active|inactive, page, limit (default 10). */
export const notificationRecipientListQuerySchema = z.object({
  page: pageParamSchema,
  limit: limitParamSchema,
  search: searchParamSchema,
  status: enumParam(statusPenerima, m.statusInvalid),
});
export type NotificationRecipientListQuery = z.infer<typeof notificationRecipientListQuerySchema>;

/** An optional day filter ('YYYY-MM-DD'): blank → null, anything else not a real date → 400. */
export const optionalDateParam = () => z.preprocess(blankToUndefined, optionalDateField());

const waMessageFilters = {
  search: searchParamSchema,
  jenis: enumParam(waMessageJenis, m.jenisInvalid),
  status: enumParam(waMessageStatuses, m.statusInvalid),
  dari: optionalDateParam(),
  sampai: optionalDateParam(),
};
/** A query's `dari`–`sampai` must not run backwards (400 on `sampai`). */
export const dateRangeInOrder = (q: { dari: string | null; sampai: string | null }, ctx: z.RefinementCtx) => {
  if (q.dari && q.sampai && q.dari > q.sampai) ctx.addIssue({ code: 'custom', path: ['sampai'], message: m.dateRangeInvalid });
};

/** `GET /api/wa-messages` query: page, limit, search (name or number), jenis, status, dari–sampai (Jakarta days). */
export const waMessageListQuerySchema = z
  .object({ page: pageParamSchema, limit: limitParamSchema, ...waMessageFilters })
  .superRefine(dateRangeInOrder);
export type WaMessageListQuery = z.infer<typeof waMessageListQuerySchema>;

/** `GET /api/dashboard/activities` query: limit 1–100, default 10. */
export const activityListQuerySchema = z.object({
  limit: integerParam({
    integer: m.limitInteger,
    min: 1,
    minMessage: m.limitMin,
    max: MAX_ACTIVITY_LIMIT,
    maxMessage: m.activityLimitMax,
  }).transform((value) => value ?? DEFAULT_PAGE_SIZE),
});
export type ActivityListQuery = z.infer<typeof activityListQuerySchema>;

/** Route parameter `{id}`: a positive integer. */
export const idParamSchema = z.object({ id: idField(messages.common.idInvalid) });
export type IdParam = z.infer<typeof idParamSchema>;

/** The filters of the loans in arrears, shared by the Tunggakan list and its class summary. */
const tunggakanFilters = {
  tipe: enumParam(tipePinjaman, m.tipeInvalid),
  kota: wilayahParam,
  kecamatan: wilayahParam,
  min_hari: integerParam({
    integer: m.minHariInvalid,
    min: 1,
    minMessage: m.minHariInvalid,
    max: 36_500,
    maxMessage: m.minHariInvalid,
  }),
};

/**
 * `GET /api/tunggakan` query (issue 23): loans in arrears; + kolektibilitas, tipe, kota,
 * kecamatan, min_hari (at least that many days past due); sortBy default hari_tunggakan (desc:
 * longest first).
 */
export const tunggakanListQuerySchema = z.object({
  ...paging,
  kolektibilitas: kolektibilitasParam,
  ...tunggakanFilters,
  sortBy: sortByParam(tunggakanSortKeys, 'hari_tunggakan'),
});
export type TunggakanListQuery = z.infer<typeof tunggakanListQuerySchema>;

/**
 * `GET /api/tunggakan/ringkasan` query: the list's filters but the class (the summary counts
 * every class, so that its cards say what choosing one would show).
 */
export const tunggakanSummaryQuerySchema = z.object({ search: searchParamSchema, ...tunggakanFilters });
export type TunggakanSummaryQuery = z.infer<typeof tunggakanSummaryQuerySchema>;

/** The file formats of an export (issue 26): XLSX for Excel, CSV for other programs. */

/** `format`: xlsx (default) or csv. */
export const formatParam = enumParam(exportFormats, m.formatInvalid).transform((value): ExportFormat => value ?? 'xlsx');

/** A list's export query: the list's filters and sort, without its page, and the file `format`. */
function exportQueryOf<Shape extends z.ZodRawShape>(list: z.ZodObject<Shape & Pick<typeof paging, 'page' | 'limit'>>) {
  return list.omit({ page: true, limit: true }).extend({ format: formatParam });
}

/** `GET /api/nasabah/ekspor`: the list's filters and sort, every row, as a file. */
export const nasabahExportQuerySchema = exportQueryOf(nasabahListQuerySchema);
export type NasabahExportQuery = z.infer<typeof nasabahExportQuerySchema>;

/** `GET /api/pinjaman/ekspor`. */
export const pinjamanExportQuerySchema = exportQueryOf(pinjamanListQuerySchema);
export type PinjamanExportQuery = z.infer<typeof pinjamanExportQuerySchema>;

/** `GET /api/pembayaran/ekspor`. */
export const pembayaranExportQuerySchema = exportQueryOf(pembayaranListQuerySchema);
export type PembayaranExportQuery = z.infer<typeof pembayaranExportQuerySchema>;

/** `GET /api/tunggakan/ekspor`. */
export const tunggakanExportQuerySchema = exportQueryOf(tunggakanListQuerySchema);
export type TunggakanExportQuery = z.infer<typeof tunggakanExportQuerySchema>;

/** `GET /api/wa-notification-recipients/ekspor`. */
export const notificationRecipientExportQuerySchema = exportQueryOf(notificationRecipientListQuerySchema);
export type NotificationRecipientExportQuery = z.infer<typeof notificationRecipientExportQuerySchema>;

/** `GET /api/wa-messages/ekspor`. */
export const waMessageExportQuerySchema = z.object({ ...waMessageFilters, format: formatParam }).superRefine(dateRangeInOrder);
export type WaMessageExportQuery = z.infer<typeof waMessageExportQuerySchema>;
