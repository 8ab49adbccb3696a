import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config';

/** A file sent with a message (e.g. the tax invoice PDF), its bytes in base64 so the outbox can keep it as is. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: readonly EmailAttachment[] | null;
}

/** nodemailer's form of a message (the same for a mail server and the outbox folder). */
function mailMessage({ from, to, subject, text, html, attachments }: OutgoingEmail & { from: string }) {
  return {
    from,
    to,
    subject,
    text,
    html: html ?? undefined,
    attachments: attachments?.map(({ filename, contentType, contentBase64 }) => ({
      filename,
      contentType,
      content: Buffer.from(contentBase64, 'base64'),
    })),
  };
}

/** Delivers one message or throws; the outbox decides about retries. */
export interface MailTransport {
  readonly kind: string;
  send(message: OutgoingEmail & { from: string; id: number }): Promise<void>;
  close?(): void;
}

export interface MailLog {
  info(object: object, message: string): void;
}

/**
 * nodemailer takes `logger` and `debug` from the URL's query too; its own log would then show what is sent (a
 * reset code). With a mail server the shop logs no message text at all (issue 16), so they are dropped.
 */
export function withoutMailLogging(smtpUrl: string): string {
  if (!/[?&](logger|debug)=/i.test(smtpUrl)) return smtpUrl;
  const url = new URL(smtpUrl);
  for (const name of [...url.searchParams.keys()]) {
    if (/^(logger|debug)$/i.test(name)) url.searchParams.delete(name);
  }
  return url.toString();
}

/** Sends through the SMTP server of `SMTP_URL` (e.g. smtps://user:pass@mail.example.pg:465). Logs nothing. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(withoutMailLogging(smtpUrl));
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail(mailMessage(message));
    },
    close: () => transporter.close(),
  };
}

/**
 * Without a mail server (no SMTP_URL, for trying the shop): each message becomes an .eml file in `dir` (any mail
 * program opens it); that file is where a person trying the shop reads a reset code or an invitation link. The log
 * says only that a message was saved and where, never its subject or text: those carry codes and links (issue 28).
 */
export function folderTransport(dir: string, log: MailLog): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'folder',
    async send(message) {
      const { id, to } = message;
      const info = await composer.sendMail(mailMessage(message));
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${id}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to, file }, `E-mail to ${to} saved in the outbox folder: ${file}`);
    },
  };
}

export function transportFromConfig(config: MailConfig, log: MailLog): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl) : folderTransport(config.outboxDir, log);
}
