import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 for the mail tests: it parses what it receives with mailparser.
 * `stop()` closes the port and its connections (senders get ECONNREFUSED), `start()` listens on the
 * same port again; `refuse` answers every connection and every mail with SMTP 421 instead.
 */
export async function startSmtp() {
  const mails: ParsedMail[] = [];
  /** `refuse`: SMTP 421 for everything; `rejectRecipients`: 550 for each recipient, naming it. */
  const state = { refuse: false, rejectRecipients: false };
  let port = 0;
  let server: SMTPServer | undefined;
  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // No reverse DNS of 127.0.0.1 per connection (a lookup that can take a while on CI).
      disableReverseLookup: true,
      // stop() ends open connections (the client pools them) at once, as a crashed server would.
      closeTimeout: 50,
      onConnect(_session, callback) {
        if (state.refuse) {
          const err = Object.assign(new Error('Service not available'), { responseCode: 421 });
          return callback(err);
        }
        callback();
      },
      // A pooled client keeps its connection: refuse each mail too, not only new connections.
      onMailFrom(_address, _session, callback) {
        if (state.refuse) {
          return callback(Object.assign(new Error('Service not available'), { responseCode: 421 }));
        }
        callback();
      },
      onRcptTo(address, _session, callback) {
        if (state.rejectRecipients) {
          const text = `<${address.address}>: Recipient address rejected: User unknown`;
          return callback(Object.assign(new Error(text), { responseCode: 550 }));
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
