// The pack as a PDF, in the same frame as the reports (server/lib/pdf/pdf-frame.ts): the branded band
// with the logo, the title block, "Page N of M" footers. Tables wrap their cells rather than cut
// them, so every figure and reason stays whole and searchable.
import { makePdf, pdfText } from '../../lib/pdf/pdf-document';
import {
  closeFrame,
  INK,
  MUTED,
  openFrame,
  RULE,
  sectionTitle,
  type Frame,
  type FrameHeader,
} from '../../lib/pdf/pdf-frame';
import type { PackDocument, PackSection } from './pack-document';

const BODY = 9.5;
const CELL = 8.5;
const PAD = 4;

/** Who the pack is from: the organization's report branding and its logo bytes. */
export interface PackBranding {
  branding: FrameHeader['branding'];
  logo: Buffer | null;
}

function paragraph(
  frame: Frame,
  text: string,
  options: { indent?: number; font?: string; size?: number } = {},
) {
  const { pdf } = frame;
  const indent = options.indent ?? 0;
  pdf
    .font(options.font ?? 'Helvetica')
    .fontSize(options.size ?? BODY)
    .fillColor(INK);
  const safe = pdfText(text);
  const width = frame.width - indent;
  const height = pdf.heightOfString(safe, { width });
  frame.ensure(Math.min(height, frame.bottom - frame.y) + 4);
  pdf.text(safe, frame.left + indent, frame.y, { width, height: frame.bottom - frame.y });
  frame.y = pdf.y + 3;
}

function bullet(frame: Frame, text: string) {
  const { pdf } = frame;
  pdf.font('Helvetica').fontSize(BODY);
  const height = pdf.heightOfString(pdfText(text), { width: frame.width - 12 });
  frame.ensure(Math.min(height, frame.bottom - frame.y) + 4);
  pdf.fillColor(MUTED).text('•', frame.left + 2, frame.y, { lineBreak: false });
  paragraph(frame, text, { indent: 12 });
}

function table(frame: Frame, head: string[], rows: string[][]) {
  const { pdf } = frame;
  const width = frame.width / head.length;
  const rowHeight = (cells: string[], font: string) => {
    pdf.font(font).fontSize(CELL);
    return (
      Math.max(...cells.map((c) => pdf.heightOfString(pdfText(c), { width: width - PAD * 2 }))) + PAD * 2
    );
  };
  const drawRow = (cells: string[], font: string, color: string) => {
    const height = rowHeight(cells, font);
    if (frame.ensure(height)) drawRow(head, 'Helvetica-Bold', MUTED);
    const y = frame.y;
    pdf.font(font).fontSize(CELL).fillColor(color);
    cells.forEach((c, i) =>
      pdf.text(pdfText(c), frame.left + i * width + PAD, y + PAD, { width: width - PAD * 2 }),
    );
    frame.y = y + height;
    pdf
      .save()
      .moveTo(frame.left, frame.y)
      .lineTo(frame.left + frame.width, frame.y)
      .lineWidth(0.5)
      .stroke(RULE)
      .restore();
  };
  drawRow(head, 'Helvetica-Bold', MUTED);
  for (const row of rows) drawRow(row, 'Helvetica', INK);
  if (rows.length === 0) paragraph(frame, 'None recorded.');
  frame.y += 6;
}

function section(frame: Frame, s: PackSection) {
  sectionTitle(frame, s.heading, 30);
  for (const text of s.bullets ?? []) bullet(frame, text);
  for (const text of s.paragraphs ?? []) paragraph(frame, text);
  if (s.table) table(frame, s.table.head, s.table.rows);
  if (s.preformatted !== undefined) {
    for (const line of s.preformatted.split('\n'))
      paragraph(frame, line || ' ', { font: 'Courier', size: 8.5 });
  }
  frame.y += 8;
}

export async function packPdf(doc: PackDocument, brand: PackBranding): Promise<Buffer> {
  const header: FrameHeader = {
    title: doc.title,
    subtitle: doc.subtitle,
    branding: brand.branding,
    currency: doc.currency,
  };
  return makePdf({ title: doc.title, margin: 40, bufferPages: true }, (pdf) => {
    const frame = openFrame(pdf, header, brand.logo);
    for (const s of doc.sections) section(frame, s);
    closeFrame(frame);
  });
}
