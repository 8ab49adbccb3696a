import { describe, expect, it } from 'vitest';
import { signWebhookPayload, verifyWebhookSignature } from './webhook-signature';

const secret = 'whsec_sim_test';
const payload = '{"id":"evt_1","type":"payment_intent.succeeded"}';
const now = 2_000_000_000;

function refusal(body: Buffer | string, header: string | undefined, at = now) {
  try {
    verifyWebhookSignature(body, header, secret, at);
  } catch (error) {
    return (error as { code: string; details: { reason: string } }).details.reason;
  }
  return 'accepted';
}

describe('webhook signatures (Stripe format)', () => {
  it('accepts a payload signed with the secret, as a string or as raw bytes', () => {
    const header = signWebhookPayload(payload, secret, now);
    expect(header).toMatch(/^t=2000000000,v1=[0-9a-f]{64}$/);
    expect(refusal(payload, header)).toBe('accepted');
    expect(refusal(Buffer.from(payload), header)).toBe('accepted');
  });

  it('refuses a signature made with another secret', () => {
    const forged = signWebhookPayload(payload, 'whsec_guess', now);
    expect(refusal(payload, forged)).toBe('no signature matches the payload');
  });

  it('refuses a payload changed after signing', () => {
    const header = signWebhookPayload(payload, secret, now);
    expect(refusal(payload.replace('succeeded', 'canceled'), header)).toBe('no signature matches the payload');
  });

  it('refuses a signature more than 300 seconds old and accepts one just inside', () => {
    expect(refusal(payload, signWebhookPayload(payload, secret, now - 301))).toBe('timestamp outside the tolerance');
    expect(refusal(payload, signWebhookPayload(payload, secret, now - 300))).toBe('accepted');
  });

  it('refuses a signature dated more than 300 seconds ahead and accepts one just inside', () => {
    expect(refusal(payload, signWebhookPayload(payload, secret, now + 301))).toBe('timestamp outside the tolerance');
    expect(refusal(payload, signWebhookPayload(payload, secret, now + 86_400 * 365))).toBe(
      'timestamp outside the tolerance',
    );
    expect(refusal(payload, signWebhookPayload(payload, secret, now + 300))).toBe('accepted');
  });

  it('refuses a missing or malformed header', () => {
    expect(refusal(payload, undefined)).toBe('missing signature header');
    expect(refusal(payload, 'v1=abc')).toBe('malformed signature header');
    expect(refusal(payload, `t=${now}`)).toBe('malformed signature header');
  });

  it('accepts any of several v1 signatures, as while a secret is rolled over', () => {
    const header = signWebhookPayload(payload, secret, now);
    const old = signWebhookPayload(payload, 'whsec_old', now).split(',')[1];
    expect(refusal(payload, `${header.split(',')[0]},${old},${header.split(',')[1]}`)).toBe('accepted');
  });
});
