import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Config } from '../../config';

export type MailMessage = {
  /** The outbox row, so a retry of the same mail writes the same file and Message-ID. */
  outboxId: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
};

/** How mail leaves the store; the queue (mail-outbox.ts) never cares which one is configured. */
export type MailTransport = {
  name: 'smtp' | 'outbox-files';
  send(message: MailMessage): Promise<void>;
};

const messageIdOf = (message: MailMessage) => {
  const domain = message.from.match(/@([^>\s]+)/)?.[1] ?? 'localhost';
  return `<outbox-${message.outboxId}@${domain}>`;
};

const envelopeOf = (message: MailMessage) => ({
  from: message.from,
  to: message.to,
  subject: message.subject,
  text: message.text,
  ...(message.html ? { html: message.html } : {}),
  messageId: messageIdOf(message),
});

/** DESIGN 4 default: each mail as an RFC 822 .eml file in DATA_DIR/outbox, openable by any mail app. */
function createOutboxFileTransport(directory: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'outbox-files',
    async send(message) {
      const info = await composer.sendMail(envelopeOf(message));
      fs.mkdirSync(directory, { recursive: true });
      const file = path.join(directory, `${String(message.outboxId).padStart(8, '0')}.eml`);
      await fs.promises.writeFile(file, info.message as Buffer);
    },
  };
}

/**
 * Decision 0053: nodemailer waits two minutes for a connection and an hour on a silent socket by
 * default; the outbox worker would hold its batch that long. A mail that times out stays queued
 * and is tried again later (mail-outbox.ts).
 */
export function createSmtpTransport(url: string, timeoutMs: number): MailTransport {
  // createTransport keeps only the URL's settings when given a `url`; the SMTP transport itself
  // merges them with the rest.
  const smtp = nodemailer.createTransport(
    new SMTPTransport({
      url,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    }),
  );
  return {
    name: 'smtp',
    async send(message) {
      await smtp.sendMail(envelopeOf(message));
    },
  };
}

export function mailTransportFor(config: Config): MailTransport {
  return config.SMTP_URL
    ? createSmtpTransport(config.SMTP_URL, config.OUTSIDE_CALL_TIMEOUT_MS)
    : createOutboxFileTransport(path.join(config.dataDir, 'outbox'));
}

/** The From header: MAIL_FROM, else the store's name and support address. */
export const mailSenderFor = (config: Config) =>
  config.MAIL_FROM ?? `"${config.STORE_NAME.replaceAll('"', '')}" <${config.SUPPORT_EMAIL}>`;
