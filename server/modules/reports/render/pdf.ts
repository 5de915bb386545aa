// A report document as a paginated A4 PDF: branded header band, title block, KPI tiles, vector
// charts, tables that break cleanly, "Page N of M" footers.
import type { ReportDocument, ReportSection } from '../../../../common/contracts/reports';
import { formatReportValue } from '../../../../common/report-format';
import { formatPeriod } from '../../../../common/report-format';
import { formatProseDateTime } from '../../../../common/wording';
import { fitText, makePdf, pdfText } from '../../../lib/pdf/pdf-document';
import {
  closeFrame,
  INK,
  MUTED,
  openFrame,
  sectionTitle,
  type Frame,
  type FrameHeader,
} from '../../../lib/pdf/pdf-frame';
import { drawChart } from './pdf-chart';
import { drawTable } from './pdf-table';

const TONES = { good: '#047857', bad: '#B91C1C', neutral: MUTED } as const;
const TILE_HEIGHT = 58;
const PER_ROW = 3;

function drawKpis(frame: Frame, section: Extract<ReportSection, { type: 'kpis' }>) {
  const { pdf, doc } = frame;
  if (section.title) sectionTitle(frame, section.title, TILE_HEIGHT);
  const gap = 10;
  const tile = (frame.width - gap * (PER_ROW - 1)) / PER_ROW;
  for (let start = 0; start < section.items.length; start += PER_ROW) {
    frame.ensure(TILE_HEIGHT + gap);
    section.items.slice(start, start + PER_ROW).forEach((kpi, i) => {
      const x = frame.left + i * (tile + gap);
      const y = frame.y;
      pdf.save().roundedRect(x, y, tile, TILE_HEIGHT, 4).fill('#F3F4F6').restore();
      pdf
        .save()
        .rect(x, y + 4, 2.5, TILE_HEIGHT - 8)
        .fill(frame.color)
        .restore();
      pdf.font('Helvetica').fontSize(8).fillColor(MUTED);
      pdf.text(fitText(pdf, kpi.label, tile - 20), x + 10, y + 8, { lineBreak: false });
      pdf.font('Helvetica-Bold').fontSize(15).fillColor(INK);
      const value = pdfText(formatReportValue(kpi.value, kpi.format, doc.currency));
      pdf.text(fitText(pdf, value, tile - 20), x + 10, y + 21, { lineBreak: false });
      if (kpi.hint) {
        pdf
          .font('Helvetica')
          .fontSize(7.5)
          .fillColor(TONES[kpi.tone ?? 'neutral']);
        pdf.text(fitText(pdf, kpi.hint, tile - 20), x + 10, y + 42, { lineBreak: false });
      }
    });
    frame.y += TILE_HEIGHT + gap;
  }
  frame.y += 8;
}

function drawText(frame: Frame, section: Extract<ReportSection, { type: 'text' }>) {
  const { pdf } = frame;
  sectionTitle(frame, section.title, 30);
  pdf.font('Helvetica').fontSize(9.5).fillColor(INK);
  for (const paragraph of section.paragraphs) {
    const text = pdfText(paragraph);
    const height = pdf.heightOfString(text, { width: frame.width });
    frame.ensure(Math.min(height, frame.bottom - frame.y) + 6);
    pdf.text(text, frame.left, frame.y, { width: frame.width, height: frame.bottom - frame.y });
    frame.y = pdf.y + 6;
  }
  frame.y += 8;
}

/** What the shared PDF frame prints around a report. */
export function reportFrameHeader(doc: ReportDocument): FrameHeader {
  return {
    title: doc.title,
    subtitle: `Period: ${formatPeriod(doc.from, doc.to)}   ·   Generated ${formatProseDateTime(doc.generatedAt)}   ·   Amounts in ${doc.currency}`,
    branding: doc.branding,
    currency: doc.currency,
  };
}

/** The PDF of a report; `logo` is the organization's logo bytes on branded (Scale) reports. */
export function reportPdf(doc: ReportDocument, logo: Buffer | null): Promise<Buffer> {
  return makePdf({ title: doc.title, margin: 40, bufferPages: true }, (pdf) => {
    const frame = openFrame(pdf, reportFrameHeader(doc), logo);
    for (const section of doc.sections) {
      if (section.type === 'kpis') drawKpis(frame, section);
      else if (section.type === 'chart') drawChart(frame, section);
      else if (section.type === 'table') drawTable(frame, section);
      else drawText(frame, section);
    }
    closeFrame(frame);
  });
}
