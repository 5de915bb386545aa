// The part of oidc-provider (an OpenID Connect server, for SSO tests) the tests use; it ships no types.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>> | Record<string, unknown>;
  }
  interface Configuration {
    clients: Array<Record<string, unknown>>;
    findAccount(ctx: unknown, id: string): Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    scopes?: string[];
    pkce?: { required?: () => boolean };
    features?: Record<string, { enabled: boolean }>;
    cookies?: { keys: string[] };
    ttl?: Record<string, number>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
