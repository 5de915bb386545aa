// The demo's API key (issue 21): a read-only key the data warehouse pulls with every night, so
// Settings → API shows a key in use. Its secret is thrown away: nobody can call with it. The IT
// lead made it four months ago, not whoever loads the demo.
import { insertKey } from '../../server/modules/api-keys/api-keys.repo';
import { newKeyMaterial } from '../../server/modules/api-keys/api-keys.service';
import type { DemoContext } from './context';

export async function generateApiKeys(ctx: DemoContext): Promise<void> {
  const { prefix, tokenHash } = newKeyMaterial();
  const lastUsedAt = new Date(ctx.now.getTime() - 7 * 60 * 60 * 1000);
  await insertKey(ctx.db, {
    organizationId: ctx.orgId,
    name: 'Data warehouse sync',
    prefix,
    tokenHash,
    scopes: ['read'],
    lastUsedAt,
    lastUsedIp: '203.0.113.24',
    createdBy: ctx.colleagues.it,
    createdAt: new Date(ctx.now.getTime() - 120 * 86_400_000),
  });
}
