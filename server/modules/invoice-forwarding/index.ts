// The invoice-forwarding module's public face (issue 18): other modules import only from here. Its
// queue and sweep are wired from inbound.job.ts (server/app.ts, server/jobs/index.ts).
export type { ReadResult } from './extract';
export {
  organizationOfAddress,
  overRate,
  receiveStagedMessage,
  stageMessage,
  type Refusal,
} from './receive.service';
