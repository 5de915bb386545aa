import { and, eq, sql } from 'drizzle-orm';
import { setupRemaining, type SetupStep } from '../../../common/onboarding';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema';

/**
 * Sets a setup flag the first time it becomes true (later calls change nothing), and stamps
 * setupCompletedAt when the sixth flag turns true.
 */
export async function markSetupStep(db: DbOrTx, orgId: string, step: SetupStep, now: Date): Promise<void> {
  const [updated] = await db
    .update(organizations)
    .set({ setupProgress: sql`${organizations.setupProgress} || jsonb_build_object(${step}::text, true)` })
    .where(
      and(
        eq(organizations.id, orgId),
        sql`coalesce((${organizations.setupProgress} ->> ${step}::text)::boolean, false) = false`,
      ),
    )
    .returning({ setupProgress: organizations.setupProgress });
  if (updated && setupRemaining(updated.setupProgress) === 0 && !updated.setupProgress.setupCompletedAt) {
    await db
      .update(organizations)
      .set({
        setupProgress: sql`${organizations.setupProgress} || jsonb_build_object('setupCompletedAt', ${now.toISOString()}::text)`,
      })
      .where(eq(organizations.id, orgId));
  }
}
