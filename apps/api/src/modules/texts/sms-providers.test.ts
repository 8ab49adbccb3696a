import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as smpp from 'smpp';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createSmsProvider, fileSmsProvider } from './sms-provider';
import { smppProvider } from './smpp-provider';
import { twilioProvider } from './twilio-provider';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const message = { to: '+67571234567', body: 'Bilum: we received your payment of K120.00 for order #12. Thank you!' };

describe('the file provider (no gateway configured)', () => {
  it('writes each text as a .txt file with its E.164 recipient and body, and logs no text', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bilum-sms-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const lines: { object: object; message: string }[] = [];
    const provider = fileSmsProvider(path.join(dir, 'sms-outbox'), {
      info: (object, text) => lines.push({ object, message: text }),
    });
    await provider.send(message);
    await provider.send({ ...message, body: 'second' });
    const files = readdirSync(path.join(dir, 'sms-outbox'));
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('-67571234567.txt'))).toBe(true);
    const contents = files.map((file) => readFileSync(path.join(dir, 'sms-outbox', file), 'utf8'));
    expect(contents).toContain(`To: +67571234567\n\n${message.body}\n`);
    expect(lines).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toContain('K120.00');
    expect(lines[0]?.message).toContain('+675 7123 4567');
  });

  it('is the default, in <DATA_DIR>/sms-outbox', () => {
    const config = loadConfig({ DATA_DIR: '/srv/bilum' });
    expect(config.sms).toEqual({ provider: 'file', outboxDir: path.join('/srv/bilum', 'sms-outbox') });
    expect(createSmsProvider(config.sms, { info: () => undefined }).name).toBe('file');
  });

  it('refuses a gateway without its settings at start-up, naming every missing one', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(
      /TWILIO_AUTH_TOKEN: required when SMS_PROVIDER=twilio[\s\S]*TWILIO_FROM: required/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'smpp' })).toThrow(/SMPP_URL: required when SMS_PROVIDER=smpp/);
  });
});

/** A local SMSC: binds one account, records every submit_sm, answers with a message id. */
async function startSmsc(options: { refuseSubmit?: boolean } = {}) {
  const submitted: Record<string, unknown>[] = [];
  const binds: { systemId: unknown; password: unknown }[] = [];
  const server = smpp.createServer((session) => {
    session.on('bind_transceiver', (pdu) => {
      binds.push({ systemId: pdu.system_id, password: pdu.password });
      const ok = pdu.system_id === 'bilum' && pdu.password === 'secret1';
      session.send(pdu.response(ok ? {} : { command_status: smpp.ESME_RBINDFAIL }));
    });
    session.on('submit_sm', (pdu) => {
      submitted.push({ ...pdu });
      session.send(
        pdu.response(
          options.refuseSubmit ? { command_status: smpp.ESME_RTHROTTLED } : { message_id: `msg-${submitted.length}` },
        ),
      );
    });
    session.on('unbind', (pdu) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const session of server.sessions) session.destroy();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { url: `smpp://127.0.0.1:${port}`, submitted, binds };
}

describe('the SMPP adapter', () => {
  const config = (url: string, password = 'secret1') => ({
    provider: 'smpp' as const,
    url,
    systemId: 'bilum',
    password,
    sourceAddr: 'Bilum',
  });

  it('binds with the account and submits the text to the international number from the sender name', async () => {
    const smsc = await startSmsc();
    const sent = await smppProvider(config(smsc.url)).send(message);
    expect(sent).toEqual({ id: 'msg-1' });
    expect(smsc.binds).toEqual([{ systemId: 'bilum', password: 'secret1' }]);
    expect(smsc.submitted).toHaveLength(1);
    const pdu = smsc.submitted[0]!;
    expect(pdu.destination_addr).toBe('67571234567');
    expect(pdu.dest_addr_ton).toBe(1);
    expect(pdu.source_addr).toBe('Bilum');
    expect(pdu.source_addr_ton).toBe(5);
    expect(pdu.data_coding).toBe(0);
    expect((pdu.short_message as { message: string }).message).toBe(message.body);
  });

  it('sends a text outside GSM-7 as UCS-2', async () => {
    const smsc = await startSmsc();
    await smppProvider(config(smsc.url)).send({ ...message, body: 'Tenkyu 🙏' });
    expect(smsc.submitted[0]?.data_coding).toBe(8);
    expect((smsc.submitted[0]?.short_message as { message: string }).message).toBe('Tenkyu 🙏');
  });

  it('fails the try (for the outbox to retry) when the bind or the submit is refused, or nobody answers', async () => {
    const smsc = await startSmsc();
    await expect(smppProvider(config(smsc.url, 'wrong')).send(message)).rejects.toThrow(/bind refused/);
    const busy = await startSmsc({ refuseSubmit: true });
    await expect(smppProvider(config(busy.url)).send(message)).rejects.toThrow(/submit refused \(status 0x58\)/);
    await expect(smppProvider(config('smpp://127.0.0.1:1')).send(message)).rejects.toThrow(/connection failed/);
  });
});

/** A local stand-in for Twilio's Messages API. */
async function startTwilio(answer: { status: number; body: object }) {
  const requests: { method?: string; url?: string; authorization?: string; type?: string; form: URLSearchParams }[] =
    [];
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      requests.push({
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        type: request.headers['content-type'],
        form: new URLSearchParams(body),
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

describe('the Twilio adapter', () => {
  const config = (apiBase: string, from = '+15005550006') => ({
    provider: 'twilio' as const,
    accountSid: 'AC0123456789abcdef',
    authToken: 'token-secret',
    from,
    apiBase,
  });

  it('posts the text form-encoded to the account’s Messages.json with basic auth', async () => {
    const twilio = await startTwilio({ status: 201, body: { sid: 'SM123', status: 'queued' } });
    const sent = await twilioProvider(config(twilio.base)).send(message);
    expect(sent).toEqual({ id: 'SM123' });
    const [request] = twilio.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/2010-04-01/Accounts/AC0123456789abcdef/Messages.json');
    expect(request?.type).toBe('application/x-www-form-urlencoded');
    expect(request?.authorization).toBe(`Basic ${Buffer.from('AC0123456789abcdef:token-secret').toString('base64')}`);
    expect(Object.fromEntries(request!.form)).toEqual({ To: '+67571234567', From: '+15005550006', Body: message.body });
  });

  it('sends from a Messaging Service when TWILIO_FROM is one', async () => {
    const twilio = await startTwilio({ status: 201, body: { sid: 'SM124' } });
    await twilioProvider(config(twilio.base, 'MG0123')).send(message);
    expect(twilio.requests[0]?.form.get('MessagingServiceSid')).toBe('MG0123');
    expect(twilio.requests[0]?.form.has('From')).toBe(false);
  });

  it('fails the try with Twilio’s code and message, never the token', async () => {
    const twilio = await startTwilio({
      status: 400,
      body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 },
    });
    const failure = await twilioProvider(config(twilio.base))
      .send(message)
      .catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe("Twilio answered 400: 21211 The 'To' number is not a valid phone number.");
    expect((failure as Error).message).not.toContain('token-secret');
  });
});
