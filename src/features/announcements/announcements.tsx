/** Announcements banner (placeholder while the machine is wired; the export name is stable). */
export function Announcements() {
  return null;
}
export default Announcements;
