import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Messages from the public /support and /request-demo forms. */
export const contactRequests = pgTable('contact_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').notNull(), // support | demo
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company'),
  companySize: text('company_size'),
  message: text('message'),
  createdAt: createdAt(),
});
