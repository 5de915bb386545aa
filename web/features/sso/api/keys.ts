import type { z } from 'zod';
import type { ssoDomainVerifyResponse } from '@common/contracts/sso';

export const ssoKeys = {
  connection: () => ['sso', 'connection'] as const,
  domains: () => ['sso', 'domains'] as const,
};

export type SsoDomainVerification = z.input<typeof ssoDomainVerifyResponse>;
