import type { SsoConnectionBody } from '../../../common/contracts/sso';
import type { SsoProtocol } from '../../../common/security';
import type { ServiceDeps } from '../../types';
import { oidc } from './oidc';
import { saml } from './saml/protocol';
import type { SsoConnectionRow, SsoConnectionValues } from './sso.repo';

export interface StartInput {
  /** The login state's value: OIDC `state`, SAML `RelayState`. */
  state: string;
}

/** What the sign-in start sends the browser to, and what the answer must be checked against. */
export interface StartResult {
  url: string;
  nonce?: string;
  codeVerifier?: string;
  /** SAML: the AuthnRequest id (the response's InResponseTo). */
  requestId?: string;
}

/** One way of signing in. Each protocol keeps its own callback routes; the start and the settings dispatch here. */
export interface SsoProtocolHandler {
  startUrl(deps: ServiceDeps, connection: SsoConnectionRow, input: StartInput): Promise<StartResult>;
  /**
   * Checks the settings about to be saved and derives stored fields from them (SAML: the IdP's
   * metadata into entity id, SSO URL and certificates). Throws an AppError (400) when unusable.
   */
  prepareConfig?(deps: ServiceDeps, input: SsoConnectionBody): Promise<Partial<SsoConnectionValues>>;
}

export const protocols: Partial<Record<SsoProtocol, SsoProtocolHandler>> = { oidc, saml };
