// The invoice-forwarding module's public face (issue 18): other modules import only from here.
export { processInboundMessage } from './process';
export type { ReadResult } from './extract';
export { defineInboundQueue, inboundSweepTask, INBOUND_QUEUE } from './inbound.job';
export {
  organizationOfAddress,
  overRate,
  receiveMessage,
  receiveStagedMessage,
  stageMessage,
  type ReceiveInput,
  type ReceiveResult,
  type Refusal,
} from './receive.service';
export { inboundAddress } from './address';
