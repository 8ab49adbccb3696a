import * as smpp from 'smpp';
import type { SmsConfig } from '../../config';
import { gsm7Length } from './text-templates';
import type { SmsProvider } from './sms-provider';

type SmppConfig = Extract<SmsConfig, { provider: 'smpp' }>;

/** Connecting, binding and submitting together may take this long before the try counts as failed. */
const timeoutMs = 20_000;

/** SMPP's type of number and numbering plan: international (E.164), and alphanumeric for a sender name. */
const ton = { international: 1, alphanumeric: 5 } as const;
const npi = { isdn: 1, unknown: 0 } as const;
/** data_coding: the SMSC's default alphabet (GSM 03.38), or UCS-2 for anything outside it. */
const dataCoding = { gsm: 0, ucs2: 8 } as const;
/** short_message holds at most 254 octets; a longer text goes in message_payload (the SMSC splits it). */
const shortMessageMax = 254;

/**
 * An SMPP aggregator (SMPP 3.4/5.0 with npm `smpp`): one session per text (connect, bind_transceiver with the
 * account's system id and password, submit_sm, unbind), so a dropped connection or a restarted SMSC never leaves
 * the shop with a dead session. Texts are few (a handful per order); the outbox retries a failed try.
 */
export function smppProvider(config: SmppConfig): SmsProvider {
  const numericSender = /^\+?\d+$/.test(config.sourceAddr);
  return {
    name: 'smpp',
    send({ to, body }) {
      const gsm = gsm7Length(body) !== null;
      // GSM-7 goes one octet a character, UCS-2 two.
      const octets = gsm ? body.length : body.length * 2;
      const text = { [octets <= shortMessageMax ? 'short_message' : 'message_payload']: body };
      return new Promise((resolve, reject) => {
        let settled = false;
        const session = smpp.connect({ url: config.url });
        const finish = (error: Error | null, id: string | null = null) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (error) session.destroy();
          else session.unbind(() => session.close());
          if (error) reject(error);
          else resolve({ id });
        };
        const timer = setTimeout(() => finish(new Error(`SMPP: no answer within ${timeoutMs / 1000} s`)), timeoutMs);
        session.on('error', (error: Error) => finish(new Error(`SMPP connection failed: ${error.message}`)));
        session.on('close', () => finish(new Error('SMPP: the SMSC closed the connection')));
        session.on('connect', () => {
          session.bind_transceiver({ system_id: config.systemId, password: config.password }, (bound) => {
            if (bound.command_status !== 0) {
              finish(new Error(`SMPP bind refused (status 0x${bound.command_status.toString(16)})`));
              return;
            }
            session.submit_sm(
              {
                source_addr_ton: numericSender ? ton.international : ton.alphanumeric,
                source_addr_npi: numericSender ? npi.isdn : npi.unknown,
                source_addr: config.sourceAddr.replace(/^\+/, ''),
                dest_addr_ton: ton.international,
                dest_addr_npi: npi.isdn,
                destination_addr: to.replace(/^\+/, ''),
                data_coding: gsm ? dataCoding.gsm : dataCoding.ucs2,
                registered_delivery: 0,
                ...text,
              },
              (submitted) => {
                if (submitted.command_status !== 0) {
                  finish(new Error(`SMPP submit refused (status 0x${submitted.command_status.toString(16)})`));
                  return;
                }
                const id = submitted.message_id;
                finish(null, typeof id === 'string' && id !== '' ? id : null);
              },
            );
          });
        });
      });
    },
  };
}
