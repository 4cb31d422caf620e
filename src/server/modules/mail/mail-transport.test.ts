import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startHangingServer } from '../../testing/outage-servers';
import { createSmtpTransport } from './mail-transport';

/** Just enough of an SMTP server to take one mail: what it was told, line by line. */
async function startTinySmtp() {
  const lines: string[] = [];
  const server = net.createServer((socket) => {
    let inData = false;
    let buffered = '';
    socket.write('220 tiny.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffered += chunk.toString();
      let end = buffered.indexOf('\r\n');
      while (end >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        lines.push(line);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          }
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250-tiny.test\r\n250 AUTH PLAIN\r\n');
        else if (/^AUTH/i.test(line)) socket.write('235 accepted\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
        end = buffered.indexOf('\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, lines, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const mail = {
  outboxId: 1,
  from: 'Utsav Gifts <orders@utsav.test>',
  to: 'asha@example.com',
  subject: 'Your order RG-10042',
  text: 'Thank you for your order.',
  html: null,
};

describe('SMTP mail', () => {
  it('sends with the login and address SMTP_URL names', async () => {
    const smtp = await startTinySmtp();
    try {
      await createSmtpTransport(`smtp://mailer:app-password@127.0.0.1:${smtp.port}`, 5000).send(mail);
      expect(smtp.lines).toContain(`AUTH PLAIN ${Buffer.from('\0mailer\0app-password').toString('base64')}`);
      expect(smtp.lines).toContain('RCPT TO:<asha@example.com>');
      expect(smtp.lines).toContain('Subject: Your order RG-10042');
    } finally {
      await smtp.close();
    }
  });

  it('gives up on a mail server that accepts the connection and never greets, so the mail stays queued for later', async () => {
    const hanging = await startHangingServer();
    try {
      // Short, so the test does not wait the production 10 s; the mechanism is the same.
      const smtp = createSmtpTransport(`smtp://127.0.0.1:${hanging.port}`, 200);
      const sending = smtp.send(mail);
      await expect(sending).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    } finally {
      await hanging.close();
    }
  });
});
