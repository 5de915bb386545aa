import { timestamp } from 'drizzle-orm/pg-core';

// Timestamp columns most tables share. Each call makes new column builders: a builder belongs to one table.

/** When the row was inserted. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed: set on insert, and by the repositories on each update. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** `createdAt` and `updatedAt`, spread into a table's columns where both stand together. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
