// The contracts module's public face: other modules import only from here (eslint enforces it).
export { followLiveContract, renewContractRow } from './contract-lifecycle';
export {
  contractEndingOn,
  contractExists,
  expireEndedContracts,
  listContracts,
  setContractsStatus,
} from './contracts.repo';
