// HTML bodies (Stripe, Paddle, Chargebee receipts) to plain text: scripts, styles and images
// dropped, each table row on one line with its cells apart, so "Total   $12.00" stays together.
import { compile, type FormatCallback } from 'html-to-text';

/** Gap between cells: two spaces mark a column, as the PDF reader does. */
const cell: FormatCallback = (elem, walk, builder) => {
  walk(elem.children, builder);
  builder.addLiteral('  ');
};

const toText = compile({
  wordwrap: false,
  preserveNewlines: false,
  limits: { maxInputLength: 2_000_000, maxChildNodes: 5_000, maxDepth: 60 },
  formatters: { cell },
  selectors: [
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'head', format: 'skip' },
    { selector: 'noscript', format: 'skip' },
    { selector: 'template', format: 'skip' },
    { selector: 'img', format: 'skip' },
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'table', format: 'block' },
    { selector: 'tbody', format: 'block' },
    { selector: 'thead', format: 'block' },
    { selector: 'tr', format: 'block' },
    { selector: 'td', format: 'cell' },
    { selector: 'th', format: 'cell' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'h4', options: { uppercase: false } },
    { selector: 'h5', options: { uppercase: false } },
    { selector: 'h6', options: { uppercase: false } },
  ],
});

/** Plain text of an HTML body; never throws (a body it cannot read becomes its tag-stripped text). */
export function htmlToPlainText(html: string): string {
  try {
    return tidy(toText(html));
  } catch {
    return tidy(html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' '));
  }
}

/** Trims each line's ends and collapses runs of blank lines. */
export function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u2007\u202f]/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, '').replace(/^[ \t]+/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
