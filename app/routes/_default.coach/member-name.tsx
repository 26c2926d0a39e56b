import { Avatar } from "~/components/presentational/avatar";

/** The member's photo, or their initials, and their name. */
export function MemberName({ name, photo }: { name: string; photo: string | null }) {
  return (
    <p className="agenda__member">
      <Avatar url={photo} name={name} size="sm" /> <strong>{name}</strong>
    </p>
  );
}
