// The page frame of every PDF the product makes (reports, the negotiation pack): the branded header
// band with the logo on every page, the title block, the cursor that decides when a block needs a
// new page, and the "Page N of M" footers written once every page exists (open the document with
// `bufferPages: true`).
import { fitText, pdfText, type PdfDoc } from './pdf-document';

/** What the frame prints around the content. */
export interface FrameHeader {
  title: string;
  /** The muted line under the title (period, when generated, currency…). */
  subtitle: string;
  branding: {
    /** Shown in the band and, without the Stackwise mark, in the footer. */
    name: string;
    primaryColor: string;
    /** True: the footer says "Made with Stackwise" (plans without branded documents). */
    stackwise: boolean;
  };
  /** The currency the content's amounts are in. */
  currency: string;
}

const BRAND_COLOR = '#4F46E5';

export const MARGIN = 40;
const BAND = 46;
const FOOTER = 28;
export const INK = '#1F2937';
export const MUTED = '#6B7280';
export const RULE = '#E5E7EB';

export interface Frame {
  pdf: PdfDoc;
  doc: FrameHeader;
  color: string;
  left: number;
  width: number;
  /** Where the next block starts. */
  y: number;
  /** Makes room for a block of `height`; true when that took a new page. */
  ensure(height: number): boolean;
  bottom: number;
}

function drawBand(pdf: PdfDoc, doc: FrameHeader, color: string, logo: Buffer | null) {
  const { width } = pdf.page;
  pdf.save().rect(0, 0, width, BAND).fill(color).restore();
  let nameX = MARGIN;
  if (logo) {
    try {
      pdf.image(logo, MARGIN, 8, { fit: [90, BAND - 16], valign: 'center' });
      nameX = MARGIN + 100;
    } catch {
      // A logo pdfkit cannot read leaves the name alone in the band rather than failing the report.
    }
  }
  pdf.font('Helvetica-Bold').fontSize(13).fillColor('#FFFFFF');
  pdf.text(fitText(pdf, doc.branding.name, width / 2 - nameX), nameX, 17, { lineBreak: false });
  pdf.font('Helvetica').fontSize(9);
  const right = fitText(pdf, doc.title, width / 2 - MARGIN);
  pdf.text(right, width - MARGIN - pdf.widthOfString(right), 19, { lineBreak: false });
  pdf.fillColor(INK);
}

/** Starts the document: the band on every page, and the title block on the first. */
export function openFrame(pdf: PdfDoc, doc: FrameHeader, logo: Buffer | null): Frame {
  const color = /^#[0-9a-f]{6}$/i.test(doc.branding.primaryColor) ? doc.branding.primaryColor : BRAND_COLOR;
  const top = BAND + 22;
  const frame: Frame = {
    pdf,
    doc,
    color,
    left: MARGIN,
    width: pdf.page.width - MARGIN * 2,
    y: top,
    bottom: pdf.page.height - MARGIN - FOOTER,
    ensure(height) {
      if (frame.y + height <= frame.bottom) return false;
      pdf.addPage();
      frame.y = top;
      return true;
    },
  };
  drawBand(pdf, doc, color, logo);
  pdf.on('pageAdded', () => drawBand(pdf, doc, color, logo));

  pdf.font('Helvetica-Bold').fontSize(20).fillColor(INK);
  pdf.text(pdfText(doc.title), MARGIN, frame.y, { width: frame.width });
  frame.y = pdf.y + 4;
  pdf.font('Helvetica').fontSize(10).fillColor(MUTED);
  pdf.text(pdfText(doc.subtitle), MARGIN, frame.y, { width: frame.width });
  frame.y = pdf.y + 8;
  pdf
    .save()
    .moveTo(MARGIN, frame.y)
    .lineTo(MARGIN + frame.width, frame.y)
    .lineWidth(1.5)
    .stroke(color)
    .restore();
  frame.y += 16;
  return frame;
}

/** Writes "Page N of M" (and who made it) at the foot of every buffered page. */
export function closeFrame(frame: Frame) {
  const { pdf, doc } = frame;
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    // Writing below the bottom margin would otherwise start a new page.
    const bottomMargin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const y = pdf.page.height - MARGIN - 10;
    pdf
      .save()
      .moveTo(MARGIN, y - 6)
      .lineTo(pdf.page.width - MARGIN, y - 6)
      .lineWidth(0.5)
      .stroke(RULE)
      .restore();
    pdf.font('Helvetica').fontSize(8).fillColor(MUTED);
    const made = doc.branding.stackwise ? 'Made with Stackwise' : pdfText(doc.branding.name);
    pdf.text(fitText(pdf, `${made} · ${doc.title}`, frame.width / 2), MARGIN, y, { lineBreak: false });
    const label = `Page ${i - range.start + 1} of ${range.count}`;
    pdf.text(label, pdf.page.width - MARGIN - pdf.widthOfString(label), y, { lineBreak: false });
    pdf.page.margins.bottom = bottomMargin;
  }
  pdf.fillColor(INK);
}

/** A section heading; keeps `following` points of room under it so a heading never ends a page. */
export function sectionTitle(frame: Frame, title: string, following: number) {
  const { pdf } = frame;
  frame.ensure(22 + following);
  pdf.font('Helvetica-Bold').fontSize(12).fillColor(INK);
  pdf.text(fitText(pdf, title, frame.width), frame.left, frame.y, { lineBreak: false });
  frame.y += 20;
}
