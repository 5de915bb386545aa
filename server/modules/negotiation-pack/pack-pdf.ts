// The pack as a PDF (pdfkit through server/lib/pdf: the standard Helvetica fonts, no files to ship).
import { makePdf } from '../../lib/pdf/pdf-document';
import type { PackDocument } from './pack-document';

const MARGIN = 50;
const BODY = 10;

export async function packPdf(doc: PackDocument): Promise<Buffer> {
  return makePdf({ title: doc.title, margin: MARGIN }, (pdf) => {
    const width = pdf.page.width - MARGIN * 2;

    pdf.font('Helvetica-Bold').fontSize(18).text(doc.title);
    pdf.font('Helvetica').fontSize(BODY).fillColor('#555555').text(doc.subtitle).fillColor('black');
    for (const section of doc.sections) {
      pdf.moveDown(1).font('Helvetica-Bold').fontSize(13).text(section.heading).moveDown(0.3);
      pdf.font('Helvetica').fontSize(BODY);
      for (const bullet of section.bullets ?? []) pdf.text(`•  ${bullet}`, { width, indent: 0 });
      for (const paragraph of section.paragraphs ?? []) pdf.moveDown(0.3).text(paragraph, { width });
      if (section.table) {
        const { head, rows } = section.table;
        // One line per row, cells separated: readable, and every figure stays searchable text.
        pdf.font('Helvetica-Bold').text(head.join('  ·  '), { width });
        pdf.font('Helvetica');
        for (const row of rows) pdf.text(row.join('  ·  '), { width });
        if (rows.length === 0) pdf.text('None recorded.');
      }
      if (section.preformatted !== undefined)
        pdf.font('Courier').fontSize(9).text(section.preformatted, { width });
    }
  });
}
