/** One or two letters for a lettered avatar: 'Google Workspace' → 'GW', 'Slack' → 'S', '1Password' → '1'. */
export function catalogInitials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join('');
}
