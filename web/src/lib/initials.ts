/** Avatar initials: the first two letters of the username, uppercased (SPEC §2). */
export function initials(username: string | null | undefined): string {
  return (username ?? '').slice(0, 2).toUpperCase();
}
