import fsp from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { TConfig } from '../../config.js';
import { describeErrorForLog } from '../../http/error-log.js';

export type TOutgoingMail = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
};
/** Sends one mail; in outbox mode returns the .eml file's name. */
export type TMailTransport = {
  mode: 'smtp' | 'outbox';
  send(mail: TOutgoingMail): Promise<{ outboxFile?: string }>;
  close(): void;
};

/** SMTP when SMTP_URL is set, else readable .eml files under DATA_DIR/outbox. */
export function createMailTransport(mail: TConfig['mail']): TMailTransport {
  const message = (m: TOutgoingMail) => ({
    from: mail.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    headers: { 'Content-Language': m.language },
  });
  if (mail.smtpUrl) {
    const smtp = nodemailer.createTransport({
      url: mail.smtpUrl,
      // One connection reused for a batch (a new one per mail costs a handshake, TLS, EHLO).
      pool: true,
      maxConnections: 1, // the worker sends one mail at a time
      // A hung server must not hold the worker: the job is retried later.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      mode: 'smtp',
      async send(m) {
        await smtp.sendMail(message(m));
        return {};
      },
      close: () => smtp.close(),
    };
  }
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    async send(m) {
      const info = await builder.sendMail(message(m));
      await fsp.mkdir(mail.outboxDir, { recursive: true });
      const name = `${m.id}.eml`;
      // Written aside and renamed: a reader never sees half a file.
      const tmp = path.join(mail.outboxDir, `.${name}.tmp`);
      await fsp.writeFile(tmp, info.message as Buffer);
      await fsp.rename(tmp, path.join(mail.outboxDir, name));
      return { outboxFile: name };
    },
    close: () => {},
  };
}

/** An error's code without its text: SMTP replies may quote the recipient's address. */
export function errorCode(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown; name?: unknown };
  const code = typeof e.code === 'string' && /^[A-Z0-9_]{1,40}$/.test(e.code) ? e.code : 'ERROR';
  const smtp = typeof e.responseCode === 'number' ? ` ${e.responseCode}` : '';
  return `${code}${smtp}`;
}

/** Anything shaped like an email address (SMTP replies and nodemailer's messages quote them). */
const ADDRESS = /[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+/g;

/**
 * Why a send (or a drain) failed, for the log: the error's text with every address replaced by
 * `<address>`, on one line, at most 300 characters. Database errors are described without their
 * quoted values (describeErrorForLog). No subject or body is ever in it.
 */
export function errorReason(err: unknown): string {
  const { message } = describeErrorForLog(err) as { message?: string };
  return String(message ?? '')
    .replace(ADDRESS, '<address>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}
