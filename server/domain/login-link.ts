/** Texts of the login-link messages written to the outbox by `POST /letmein`. */

export const LOGIN_LINK_TTL_DAYS = 7;
export const LOGIN_EMAIL_SUBJECT = 'Your PerformancePay login link';

export function loginLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/token/${token}`;
}

export function loginEmailBody(firstName: string, url: string): string {
  return [
    `Hello ${firstName},`,
    '',
    'Use this link to open PerformancePay and see your invoices and payments:',
    url,
    '',
    `The link is valid for ${LOGIN_LINK_TTL_DAYS} days. If you did not ask for it, you can ignore this message.`,
  ].join('\n');
}

export function loginSmsBody(url: string): string {
  return `PerformancePay: your login link ${url} (valid for ${LOGIN_LINK_TTL_DAYS} days)`;
}
