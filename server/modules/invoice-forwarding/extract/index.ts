// Reads a raw received message into invoice fields. PLACEHOLDER until the extraction branch lands
// (issue 18): the signature is the contract the processing job relies on.
import { EMPTY_FIELDS, type ReadResult } from './types';

export type { ParsedAttachment, ParsedMessage, ReadResult } from './types';

/** Parses the raw MIME message and reads the invoice in it. Never throws on bad input. */
export async function readInboundMessage(raw: Buffer): Promise<ReadResult> {
  return {
    parsed: {
      messageId: null,
      from: '',
      originalFrom: null,
      to: [],
      subject: '',
      date: null,
      text: raw.toString('utf8').slice(0, 1000),
      attachments: [],
      skippedAttachments: 0,
    },
    kind: 'unknown',
    reason: 'Not read yet',
    failed: false,
    fields: EMPTY_FIELDS,
    fieldConfidence: {},
    documentIndex: null,
    text: '',
    confirmation: null,
  };
}
