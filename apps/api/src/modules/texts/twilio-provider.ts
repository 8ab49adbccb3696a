import type { SmsConfig } from '../../config';
import type { SmsProvider } from './sms-provider';

type TwilioConfig = Extract<SmsConfig, { provider: 'twilio' }>;

/** How long one request to Twilio may take before the try counts as failed (the outbox retries it). */
const timeoutMs = 15_000;

/**
 * Twilio's Messages API (https://www.twilio.com/docs/messaging/api/message-resource): a form-encoded POST to
 * `{base}/2010-04-01/Accounts/{sid}/Messages.json` with HTTP basic auth (account SID and auth token), answered
 * 201 with the message's `sid`. An error answer's code and message are kept for the job's last error; the token
 * is never in it.
 */
export function twilioProvider(config: TwilioConfig, fetchImpl: typeof fetch = fetch): SmsProvider {
  const url = `${config.apiBase}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send({ to, body }) {
      // A Messaging Service SID (MG...) is sent as such; otherwise the number or sender id the texts come from.
      const sender: Record<string, string> = config.from.startsWith('MG')
        ? { MessagingServiceSid: config.from }
        : { From: config.from };
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: to, ...sender, Body: body }).toString(),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const answer = (await response.json().catch(() => null)) as {
        sid?: unknown;
        code?: unknown;
        message?: unknown;
      } | null;
      if (!response.ok) {
        const detail = [answer?.code, answer?.message].filter((part) => part !== undefined && part !== null);
        throw new Error(`Twilio answered ${response.status}${detail.length ? `: ${detail.join(' ')}` : ''}`);
      }
      return { id: typeof answer?.sid === 'string' ? answer.sid : null };
    },
  };
}
