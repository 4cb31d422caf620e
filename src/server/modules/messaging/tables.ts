import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

// DESIGN 6: what the built-in WhatsApp and SMS sandboxes "sent" (they stand in for the WhatsApp
// Cloud API and MSG91 when no account is configured), shown in the back office's Messages page.
// `reportedAt` marks a message whose delivery statuses the sandbox has sent back (once, with
// several instances: the row is claimed by that column).
export const sandboxMessages = pgTable(
  'sandbox_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: ['whatsapp', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    params: jsonb('params').$type<string[]>().notNull(),
    text: text('text').notNull(),
    providerMessageId: text('provider_message_id').notNull().unique(),
    status: text('status', { enum: ['accepted', 'sent', 'delivered', 'read', 'failed'] })
      .notNull()
      .default('accepted'),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('sandbox_messages_created_idx').on(table.createdAt),
    index('sandbox_messages_unreported_idx').on(table.reportedAt),
  ],
);
