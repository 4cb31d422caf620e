import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { sandboxMessages } from './tables';

/** Decision 0063: erasing an account empties what the sandbox "sent" to its number. */
export async function eraseSandboxMessagesTo(tx: Tx, phone: string): Promise<void> {
  await tx.update(sandboxMessages).set({ text: '', params: [] }).where(eq(sandboxMessages.recipient, phone));
}
