import ExcelJS from 'exceljs';

/** An XLSX file read back with exceljs, so tests check cells rather than bytes. */
export async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer; a copy gives one of exactly that type.
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  return workbook;
}
