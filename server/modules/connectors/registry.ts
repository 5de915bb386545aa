import type { ConnectorProvider } from '../../../common/contracts/connectors';
import type { Connector } from './connector';
import { entraId } from './entra/entra-connector';
import { googleWorkspace } from './google/google-connector';
import { okta } from './okta/okta-connector';
import { slack } from './slack/slack-connector';
import { quickbooks } from './quickbooks/quickbooks-connector';
import { xero } from './xero/xero-connector';

/** Every connector, by provider: a new one is its folder plus one line here. */
export const CONNECTORS: Record<ConnectorProvider, Connector> = {
  google_workspace: googleWorkspace,
  entra_id: entraId,
  okta,
  slack,
  quickbooks,
  xero,
};
