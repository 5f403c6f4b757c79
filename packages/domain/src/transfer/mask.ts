/**
 * How the transfer dialog names where the owner's code went without showing the whole address:
 * the first character of an e-mail's local part and its domain, or a mobile's last four digits.
 */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

export function maskMobile(countryCode: string, mobile: string): string {
  return `+${countryCode} ***${mobile.slice(-4)}`;
}
