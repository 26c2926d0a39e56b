/**
 * Who may author trainings: an author, or an admin, who may do all an author does. The one rule
 * the author space's guard (requireAuthor), the upload gate and the sidebar's Writing link ask; a
 * plain module, not a server one, so that the sidebar (in the browser too) reads the same words.
 */
export function mayAuthor(roles: readonly string[]): boolean {
  return roles.some((role) => role === "author" || role === "admin");
}
