// Charts drawn as vectors: bar, stacked bar and line, with a value axis, gridlines, category labels
// and a legend. The first series takes the report's colour.
import type { ReportSection } from '../../../../common/contracts/reports';
import { formatReportValue } from '../../../../common/report-format';
import { fitText } from '../../../lib/pdf/pdf-document';
import { INK, MUTED, RULE, sectionTitle, type Frame } from '../../../lib/pdf/pdf-frame';

type ChartSection = Extract<ReportSection, { type: 'chart' }>;

const PALETTE = ['#0EA5E9', '#F59E0B', '#10B981', '#EF4444', '#8B5CF6', '#EC4899', '#64748B', '#84CC16'];
const PLOT_HEIGHT = 170;
const AXIS_WIDTH = 58;

export const seriesColor = (primary: string, index: number) =>
  index === 0 ? primary : PALETTE[(index - 1) % PALETTE.length]!;

/** 1, 2, 2.5 or 5 × 10^n: gridlines at round values. */
function niceStep(span: number, lines: number): number {
  const raw = span / lines || 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10;
  return step * power;
}

/** The value range the axis must show: stacks add up, bars start at zero. */
function extent(section: ChartSection): { min: number; max: number } {
  let min = 0;
  let max = 0;
  section.categories.forEach((_, i) => {
    const values = section.series.map((s) => s.values[i] ?? 0);
    if (section.chart === 'stacked-bar') {
      max = Math.max(
        max,
        values.filter((v) => v > 0).reduce((a, b) => a + b, 0),
      );
      min = Math.min(
        min,
        values.filter((v) => v < 0).reduce((a, b) => a + b, 0),
      );
    } else {
      for (const v of values) {
        max = Math.max(max, v);
        min = Math.min(min, v);
      }
    }
  });
  return { min, max: max === min ? min + 1 : max };
}

export function drawChart(frame: Frame, section: ChartSection) {
  const { pdf, doc } = frame;
  const legendRows = Math.ceil(section.series.length / 4);
  const height = PLOT_HEIGHT + 30 + legendRows * 14;
  sectionTitle(frame, section.title, height);
  if (section.categories.length === 0 || section.series.length === 0) {
    pdf.font('Helvetica').fontSize(9).fillColor(MUTED).text('No data for this period.', frame.left, frame.y);
    frame.y += 20;
    return;
  }
  const top = frame.y;
  const plotLeft = frame.left + AXIS_WIDTH;
  const plotWidth = frame.width - AXIS_WIDTH;
  const range = extent(section);
  const step = niceStep(range.max - range.min, 5);
  const axisMin = Math.floor(range.min / step) * step;
  const axisMax = Math.ceil(range.max / step) * step;
  const yOf = (v: number) => top + PLOT_HEIGHT - ((v - axisMin) / (axisMax - axisMin)) * PLOT_HEIGHT;
  const label = (v: number) => formatReportValue(v, section.format, doc.currency, { compact: true });

  // Gridlines and the value axis.
  pdf.font('Helvetica').fontSize(7);
  for (let v = axisMin; v <= axisMax + step / 2; v += step) {
    const y = yOf(v);
    pdf
      .save()
      .moveTo(plotLeft, y)
      .lineTo(plotLeft + plotWidth, y)
      .lineWidth(0.5)
      .stroke(v === 0 ? MUTED : RULE)
      .restore();
    const text = fitText(pdf, label(v), AXIS_WIDTH - 6);
    pdf.fillColor(MUTED).text(text, plotLeft - 6 - pdf.widthOfString(text), y - 3, { lineBreak: false });
  }

  // Category labels, thinned so they never overlap.
  const n = section.categories.length;
  const slot = plotWidth / n;
  const widest = Math.max(...section.categories.map((c) => pdf.widthOfString(c)));
  const every = Math.max(1, Math.ceil((Math.min(widest, 80) + 6) / slot));
  section.categories.forEach((category, i) => {
    if (i % every !== 0) return;
    const text = fitText(pdf, category, slot * every - 4);
    const x = plotLeft + slot * i + slot / 2 - pdf.widthOfString(text) / 2;
    pdf.fillColor(MUTED).text(text, x, top + PLOT_HEIGHT + 5, { lineBreak: false });
  });

  if (section.chart === 'line') drawLines(frame, section, plotLeft, slot, yOf);
  else drawBars(frame, section, plotLeft, slot, yOf);

  // Legend.
  let y = top + PLOT_HEIGHT + 20;
  const cell = frame.width / 4;
  section.series.forEach((series, i) => {
    const x = frame.left + (i % 4) * cell;
    if (i > 0 && i % 4 === 0) y += 14;
    pdf
      .save()
      .rect(x, y + 1, 8, 8)
      .fill(seriesColor(frame.color, i))
      .restore();
    pdf
      .fillColor(INK)
      .fontSize(8)
      .text(fitText(pdf, series.name, cell - 16), x + 12, y + 1, { lineBreak: false });
  });
  frame.y = y + 24;
}

function drawBars(
  frame: Frame,
  section: ChartSection,
  plotLeft: number,
  slot: number,
  yOf: (v: number) => number,
) {
  const { pdf } = frame;
  const stacked = section.chart === 'stacked-bar';
  const groupWidth = slot * 0.7;
  const barWidth = stacked ? groupWidth : groupWidth / section.series.length;
  section.categories.forEach((_, i) => {
    const start = plotLeft + slot * i + (slot - groupWidth) / 2;
    let up = 0;
    let down = 0;
    section.series.forEach((series, s) => {
      const value = series.values[i];
      if (value === null || value === undefined || value === 0) return;
      let from: number;
      let to: number;
      if (stacked) {
        from = value > 0 ? up : down;
        to = from + value;
        if (value > 0) up = to;
        else down = to;
      } else {
        from = 0;
        to = value;
      }
      const x = stacked ? start : start + s * barWidth;
      const y1 = yOf(Math.max(from, to));
      const h = Math.max(0.5, Math.abs(yOf(from) - yOf(to)));
      pdf
        .save()
        .rect(x, y1, Math.max(0.5, barWidth - 1), h)
        .fill(seriesColor(frame.color, s))
        .restore();
    });
  });
}

function drawLines(
  frame: Frame,
  section: ChartSection,
  plotLeft: number,
  slot: number,
  yOf: (v: number) => number,
) {
  const { pdf } = frame;
  section.series.forEach((series, s) => {
    const color = seriesColor(frame.color, s);
    let drawing = false;
    pdf.save().lineWidth(1.5).strokeColor(color);
    series.values.forEach((value, i) => {
      const x = plotLeft + slot * i + slot / 2;
      if (value === null || value === undefined) {
        // A gap in the data is a gap in the line.
        if (drawing) pdf.stroke();
        drawing = false;
        return;
      }
      if (drawing) pdf.lineTo(x, yOf(value));
      else pdf.moveTo(x, yOf(value));
      drawing = true;
    });
    if (drawing) pdf.stroke();
    pdf.restore();
    series.values.forEach((value, i) => {
      if (value === null || value === undefined) return;
      pdf
        .save()
        .circle(plotLeft + slot * i + slot / 2, yOf(value), 1.8)
        .fill(color)
        .restore();
    });
  });
}
