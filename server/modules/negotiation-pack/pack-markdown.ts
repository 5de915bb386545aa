// The pack as Markdown, for pasting into a wiki or a deal note.
import type { PackDocument } from './pack-document';

// Table cells may hold a pipe; Markdown would read it as a column break.
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function packMarkdown(doc: PackDocument): string {
  const lines = [`# ${doc.title}`, '', `_${doc.subtitle}_`];
  for (const section of doc.sections) {
    lines.push('', `## ${section.heading}`, '');
    for (const bullet of section.bullets ?? []) lines.push(`- ${bullet}`);
    if (section.bullets?.length && section.paragraphs?.length) lines.push('');
    for (const paragraph of section.paragraphs ?? []) lines.push(paragraph, '');
    if (section.table) {
      const { head, rows } = section.table;
      lines.push(`| ${head.map(cell).join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`);
      for (const row of rows) lines.push(`| ${row.map(cell).join(' | ')} |`);
    }
    if (section.preformatted !== undefined) lines.push('```text', section.preformatted, '```');
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
