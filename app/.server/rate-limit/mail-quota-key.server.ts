/**
 * The key under which mail quotas count an address: one inbox, however it is spelled. Case is
 * folded and a sub-address (`name+anything@`) counts as its base address, so `Marie+1@Example.com`
 * and `marie@example.com` share one quota — otherwise every variant would bring a fresh allowance
 * to flood the same inbox. Only for counting: mail still goes to the address as typed.
 */
export function mailQuotaKey(address: string): string {
  const folded = address.trim().toLowerCase();
  const at = folded.lastIndexOf("@");
  if (at <= 0) return folded;
  const local = folded.slice(0, at);
  const plus = local.indexOf("+");
  return plus > 0 ? `${local.slice(0, plus)}${folded.slice(at)}` : folded;
}
