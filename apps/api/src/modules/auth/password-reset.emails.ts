import type { OutgoingEmail } from '../mail/mail.service';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Plain text plus the same words as simple HTML: one source for both parts. */
function email(to: string, subject: string, paragraphs: string[]): OutgoingEmail {
  return {
    to,
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`).join('\n'),
  };
}

export function resetCodeEmail(input: {
  to: string;
  fullName: string;
  code: string;
  shopUrl: string;
  token: string;
  validMinutes: number;
}): OutgoingEmail {
  const link = `${input.shopUrl}/reset-password?token=${encodeURIComponent(input.token)}`;
  return email(input.to, 'Your Bilum password reset code', [
    `Hello ${input.fullName},`,
    'Someone asked to reset the password of your Bilum account.',
    `Your code: ${input.code}`,
    `Enter it at ${input.shopUrl}/verify-otp, or open this link to choose a new password:\n${link}`,
    `The code and the link work once, for ${input.validMinutes} minutes. If you did not ask for this, ignore this e-mail: your password stays as it is.`,
  ]);
}

export function passwordChangedEmail(input: { to: string; fullName: string; shopUrl: string }): OutgoingEmail {
  return email(input.to, 'Your Bilum password was changed', [
    `Hello ${input.fullName},`,
    'The password of your Bilum account has just been changed, and every device that was signed in has been signed out.',
    `If this was not you, reset your password at ${input.shopUrl}/forgot-password and contact us.`,
  ]);
}
