import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ExportFormat } from '@mizan/core';
import { todayJakarta } from '@mizan/core';
import { exportFileName, sendSpreadsheet, type ExportSpec } from '../../lib/spreadsheet';
import { getProfil } from '../profil-lembaga/profil-lembaga.service';

/** What a list or report module gives for its export: everything but the institution and the time. */
export type ExportPart<Row> = Pick<ExportSpec<Row>, 'title' | 'filters' | 'columns' | 'batches' | 'more'> & {
  /** The file's name without extension; the day of export is added unless `dated` (a report of one day or period). */
  name: string;
  dated?: boolean;
};

/**
 * Sends a list or report as XLSX or CSV (issue 26 B), titled with the institution's name from its
 * profile and the time of export from the server's clock, named `<name>-<Jakarta day>.<format>`.
 */
export async function sendExport<Row>(app: FastifyInstance, reply: FastifyReply, format: ExportFormat, part: ExportPart<Row>) {
  const [profil, now] = [await getProfil(app.db, app.config.institutionName), app.clock.now()];
  return sendSpreadsheet(reply, format, {
    ...part,
    institution: profil.nama,
    now,
    fileName: part.dated ? part.name : exportFileName(part.name, todayJakarta(now)),
  });
}

/** The OpenAPI `produces` of an export route. */
export const exportProduces = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'];
