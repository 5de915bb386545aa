// The sender allow-list (invoice_forwarding_settings.allowedSenders, read by settings.repo):
// entries `a@b.c` or `@b.c`; an empty list accepts every sender.

/** Whether `address` is on the list (an `@domain` entry covers that domain, not its subdomains). */
export function senderAllowed(list: string[], address: string | null): boolean {
  if (list.length === 0) return true;
  const sender = address?.trim().toLowerCase();
  if (!sender) return false;
  const domain = sender.slice(sender.lastIndexOf('@'));
  return list.some((entry) => {
    const e = entry.toLowerCase();
    return e.startsWith('@') ? domain === e : sender === e;
  });
}
