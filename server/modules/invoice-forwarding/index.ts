// The invoice-forwarding module's public face (issue 18): other modules import only from here.
export { processInboundMessage } from './process';
export type { ReadResult } from './extract';
