// The few header fields the intake stores, read from the header block only (no full MIME parse:
// a 25 MB message is stored before anything reads its body).
import libmime from 'libmime';
import addressparser from 'nodemailer/lib/addressparser';

export interface MessageHeaders {
  /** Every header by lower-case name, raw (folded lines joined). */
  all: Record<string, string[]>;
  messageId: string | null;
  from: string;
  to: string;
  subject: string;
}

/** Where the header block ends (the first empty line), capped so a body-less blob is not scanned whole. */
function headerBlock(raw: Buffer): string {
  const limit = Math.min(raw.length, 256 * 1024);
  const head = raw.subarray(0, limit).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  // Header bytes are ASCII (RFC 5322) or UTF-8 (RFC 6532); decode once the block is cut out.
  return raw.subarray(0, end < 0 ? limit : end).toString('utf8');
}

function decode(value: string): string {
  try {
    return libmime.decodeWords(value).replace(/\s+/g, ' ').trim();
  } catch {
    return value.trim();
  }
}

/** An address header as `Name <a@b>, c@d`, decoded and capped. */
function addressHeader(values: string[] | undefined): string {
  if (!values?.length) return '';
  const list = values.flatMap((v) => addressparser(decode(v), { flatten: true }));
  const text = list.map((a) => (a.name ? `${a.name} <${a.address}>` : a.address)).join(', ');
  return (text || decode(values.join(', '))).slice(0, 1000);
}

export function readHeaders(raw: Buffer): MessageHeaders {
  const all = libmime.decodeHeaders(headerBlock(raw));
  const id = all['message-id']?.[0]?.trim().replace(/^<|>$/g, '').trim() ?? '';
  return {
    all,
    messageId: id ? id.slice(0, 500) : null,
    from: addressHeader(all.from),
    to: addressHeader(all.to),
    subject: decode(all.subject?.[0] ?? '').slice(0, 1000),
  };
}
