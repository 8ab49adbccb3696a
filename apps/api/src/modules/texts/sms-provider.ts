import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatPhoneNumber } from '@bilum/shared';
import type { SmsConfig } from '../../config';
import { smppProvider } from './smpp-provider';
import { twilioProvider } from './twilio-provider';

/*
 * Text messages leave the shop through this interface (issue 31, decision 044), as payments do through
 * PaymentProvider (decision 004) and e-mails through MailTransport: a gateway is one adapter and one SMS_PROVIDER
 * value. The outbox (texts.service.ts) decides about retries; an adapter sends once or throws.
 */

export interface SmsMessage {
  /** E.164: "+67571234567". */
  to: string;
  body: string;
}

export interface SmsProvider {
  readonly name: string;
  /** Hands the message to the gateway; resolves with its id for the message when it gives one. */
  send(message: SmsMessage): Promise<{ id: string | null }>;
}

export interface SmsLog {
  info(object: object, message: string): void;
}

/** E.164: a plus and 8 to 15 digits, the first not 0. */
export const isE164 = (value: string): boolean => /^\+[1-9]\d{7,14}$/.test(value);

/**
 * Without a gateway (the default, for trying the shop): each text becomes a .txt file in `dir` with its recipient
 * and body, where a person trying the shop reads it. The log names the recipient and the file, never the text.
 */
export function fileSmsProvider(dir: string, log: SmsLog, now: () => Date = () => new Date()): SmsProvider {
  let count = 0;
  return {
    name: 'file',
    async send({ to, body }) {
      await mkdir(dir, { recursive: true });
      count += 1;
      const stamp = now().toISOString().replace(/[:.]/g, '-');
      const id = `${stamp}-${process.pid}-${count}`;
      const file = path.join(dir, `${id}-${to.replace(/\D/g, '')}.txt`);
      await writeFile(file, `To: ${to}\n\n${body}\n`, { flag: 'wx' });
      log.info({ to, file }, `Text to ${formatPhoneNumber(to)} saved in the SMS outbox folder: ${file}`);
      return { id };
    },
  };
}

/** The provider SMS_PROVIDER names: files by default, an SMPP aggregator or Twilio with their settings. */
export function createSmsProvider(config: SmsConfig, log: SmsLog): SmsProvider {
  switch (config.provider) {
    case 'smpp':
      return smppProvider(config);
    case 'twilio':
      return twilioProvider(config);
    case 'file':
      return fileSmsProvider(config.outboxDir, log);
  }
}
