/** The initials a vendor without a logo is shown by (the portal's header, the console's preview of it): at most two. */
export function monogram(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
}
