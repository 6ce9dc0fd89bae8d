/** Providers that deliver variants of an address to one mailbox, beyond the `+tag` every major one accepts. */
const PROVIDERS: Record<string, { domain: string; ignoresDots?: boolean; tagSeparator?: string }> = {
  'gmail.com': { domain: 'gmail.com', ignoresDots: true },
  'googlemail.com': { domain: 'gmail.com', ignoresDots: true },
  // Yahoo's disposable addresses: `base-keyword@yahoo.com`.
  'yahoo.com': { domain: 'yahoo.com', tagSeparator: '-' },
  'yahoo.com.ar': { domain: 'yahoo.com.ar', tagSeparator: '-' },
};

/**
 * The mailbox an address delivers to, as the per-address limits count it: `Vecina+1@Example.org`,
 * `vecina+alertas@example.org` and `vecina@example.org` are one; so are `ve.ci.na@gmail.com` and
 * `vecina@googlemail.com`. Only for counting: the e-mail still goes to the address as it was typed.
 */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  const provider = PROVIDERS[address.slice(at + 1)];
  let local = address.slice(0, at);
  for (const separator of ['+', provider?.tagSeparator]) {
    const tagAt = separator ? local.indexOf(separator) : -1;
    if (tagAt > 0) local = local.slice(0, tagAt);
  }
  if (provider?.ignoresDots) local = local.replaceAll('.', '') || local;
  return `${local}@${provider?.domain ?? address.slice(at + 1)}`;
}
