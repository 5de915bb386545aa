// A table export as a file download: the one way routes answer CSV or XLSX.
import type { FastifyReply } from 'fastify';
import type { ResolvedTable } from './columns';
import { toCsv } from './csv';
import { toXlsx } from './xlsx';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends `tables` as `<basename>.csv` (the first table) or `<basename>.xlsx` (one sheet per table). */
export async function sendTables(
  reply: FastifyReply,
  format: 'csv' | 'xlsx',
  basename: string,
  tables: ResolvedTable[],
) {
  if (format === 'xlsx') {
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${basename}.xlsx"`)
      .send(await toXlsx(tables));
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${basename}.csv"`)
    .send(toCsv(tables[0]!));
}
