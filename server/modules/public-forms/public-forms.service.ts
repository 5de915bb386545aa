import type { z } from 'zod';
import type { contactRequestBody } from '../../../common/contracts/public-forms';
import type { ServiceDeps } from '../../types';
import { insertContactRequest } from './public-forms.repo';

export type ContactRequestInput = z.output<typeof contactRequestBody>;

/** Stores a message from the public support or demo form for the team to answer. */
export async function createContactRequest(
  deps: ServiceDeps,
  input: ContactRequestInput,
): Promise<{ id: string }> {
  const row = await insertContactRequest(deps.db, {
    kind: input.kind,
    name: input.name,
    email: input.email,
    company: input.company ?? null,
    companySize: input.companySize ?? null,
    message: input.message ?? null,
    createdAt: deps.clock.now(),
  });
  deps.log.info({ contactRequestId: row.id, kind: input.kind }, 'Contact request received');
  return { id: row.id };
}
