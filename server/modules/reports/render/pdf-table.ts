// Tables that break cleanly across pages: one line per row (never split), the header row repeated
// on every page, numbers right-aligned, long names cut with an ellipsis, the totals row in bold.
import type { ReportSection, ValueFormat } from '../../../../common/contracts/reports';
import { formatReportValue } from '../../../../common/report-format';
import { fitText, pdfText } from '../../../lib/pdf/pdf-document';
import { INK, MUTED, RULE, sectionTitle, type Frame } from '../../../lib/pdf/pdf-frame';

type TableSection = Extract<ReportSection, { type: 'table' }>;
type Row = Record<string, string | number | null>;

const ROW = 16;
const PAD = 4;
const FONT = 8;
const numeric = (format: ValueFormat) => format === 'money' || format === 'number' || format === 'percent';

/** Widths: dates and numbers get what their widest value needs, text shares the rest. */
function columnWidths(
  frame: Frame,
  section: TableSection,
  text: (row: Row, key: string, f: ValueFormat) => string,
) {
  const { pdf } = frame;
  pdf.font('Helvetica').fontSize(FONT);
  const rows = [...section.rows.slice(0, 300), ...(section.totals ? [section.totals] : [])];
  const fixed = section.columns.map((c) => {
    if (c.format === 'text') return null;
    const widest = Math.max(
      pdf.font('Helvetica-Bold').widthOfString(pdfText(c.label)),
      ...rows.map((r) => pdf.font('Helvetica-Bold').widthOfString(text(r, c.key, c.format))),
    );
    return Math.min(widest + PAD * 2 + 2, 110);
  });
  const used = fixed.reduce<number>((sum, w) => sum + (w ?? 0), 0);
  const textColumns = fixed.filter((w) => w === null).length;
  const rest = Math.max(frame.width - used, textColumns * 50);
  const widths = fixed.map((w) => w ?? rest / Math.max(textColumns, 1));
  // Too many numeric columns for the page: scale everything down together.
  const total = widths.reduce((a, b) => a + b, 0);
  return total > frame.width ? widths.map((w) => (w * frame.width) / total) : widths;
}

export function drawTable(frame: Frame, section: TableSection) {
  const { pdf, doc } = frame;
  const text = (row: Row, key: string, format: ValueFormat) =>
    pdfText(formatReportValue(row[key], format, doc.currency));
  sectionTitle(frame, section.title, ROW * 3);
  if (section.rows.length === 0) {
    pdf.font('Helvetica').fontSize(9).fillColor(MUTED);
    pdf.text(pdfText(section.empty ?? 'Nothing in this period.'), frame.left, frame.y, {
      width: frame.width,
    });
    frame.y = pdf.y + 14;
    return;
  }
  const widths = columnWidths(frame, section, text);

  const header = () => {
    pdf
      .save()
      .rect(frame.left, frame.y, frame.width, ROW + 2)
      .fill(frame.color)
      .restore();
    pdf.font('Helvetica-Bold').fontSize(FONT).fillColor('#FFFFFF');
    cells(
      section.columns.map((c) => pdfText(c.label)),
      frame.y + 5,
    );
    frame.y += ROW + 2;
  };
  const cells = (values: string[], y: number) => {
    let x = frame.left;
    section.columns.forEach((column, i) => {
      const width = widths[i]!;
      const value = fitText(pdf, values[i]!, width - PAD * 2);
      const dx = numeric(column.format) ? width - PAD - pdf.widthOfString(value) : PAD;
      pdf.text(value, x + dx, y, { lineBreak: false });
      x += width;
    });
  };
  const line = (row: Row, bold: boolean, shaded: boolean) => {
    if (frame.ensure(ROW + (bold ? 4 : 0))) header();
    if (shaded) pdf.save().rect(frame.left, frame.y, frame.width, ROW).fill('#F9FAFB').restore();
    if (bold) {
      pdf
        .save()
        .moveTo(frame.left, frame.y)
        .lineTo(frame.left + frame.width, frame.y)
        .lineWidth(1)
        .stroke(INK)
        .restore();
    }
    pdf
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(FONT)
      .fillColor(INK);
    cells(
      section.columns.map((c) => text(row, c.key, c.format)),
      frame.y + 4.5,
    );
    frame.y += ROW;
    if (!bold) {
      pdf
        .save()
        .moveTo(frame.left, frame.y)
        .lineTo(frame.left + frame.width, frame.y)
        .lineWidth(0.3)
        .stroke(RULE)
        .restore();
    }
  };

  frame.ensure(ROW * 3);
  header();
  section.rows.forEach((row, i) => line(row, false, i % 2 === 1));
  if (section.totals) line(section.totals, true, false);
  frame.y += 14;
}
