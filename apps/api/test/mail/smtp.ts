import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 for the mail tests: it parses what it receives with mailparser.
 * `stop()` closes the port (senders get ECONNREFUSED), `start()` listens on the same port again;
 * `refuse` answers every connection with an SMTP error instead.
 */
export async function startSmtp() {
  const mails: ParsedMail[] = [];
  const state = { refuse: false };
  let port = 0;
  let server: SMTPServer | undefined;
  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect(_session, callback) {
        if (state.refuse) {
          const err = Object.assign(new Error('Service not available'), { responseCode: 421 });
          return callback(err);
        }
        callback();
      },
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (mail) => {
            mails.push(mail);
            callback();
          },
          (err: Error) => callback(err),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  };
  await listen();
  const stop = () => new Promise<void>((resolve) => server!.close(() => resolve()));
  return {
    mails,
    state,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    /** Mails received for one address. */
    to: (address: string) =>
      mails.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(address))),
    stop,
    start: listen,
  };
}
export type TSmtp = Awaited<ReturnType<typeof startSmtp>>;
