import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { translator } from "~/.server/i18n/i18n.server";
import { crewPhotoUrls } from "~/.server/media/photo.server";
import { pageParam } from "~/.server/paging/paging.server";
import { CREW_PAGE_SIZE, crewMemberOf, crewPage } from "~/.server/team/crew.server";
import { Avatar } from "~/components/presentational/avatar";
import { FormAlert } from "~/components/form/form";
import { titleMeta } from "~/components/document/page-title";
import { Pagination } from "~/components/presentational/pagination";
import { useTranslation } from "~/i18n/react";
import { ButtonLink } from "~/components/presentational/button-link";

export const meta = titleMeta;

/** The notices a redirect after a change names in the query. */
const notices = ["added", "saved", "removed"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const t = await translator(request, "team");
  const url = new URL(request.url);
  const query = url.searchParams;
  const added = query.get("added");
  const [{ items: crew, page }, addedPerson] = await Promise.all([
    crewPage(member.id, { page: pageParam(url), limit: CREW_PAGE_SIZE }),
    added ? crewMemberOf(member.id, added) : null,
  ]);
  return {
    title: t("list.title"),
    crew,
    page: { page: page.page, pages: page.pages },
    // Crew members who joined Cap, by crew entry: their own profile photo.
    photos: await crewPhotoUrls(member.id),
    notice: notices.find((notice) => query.has(notice)) ?? null,
    // ?added=<crew id>: the name comes from the member's own crew (on any page), never from the URL.
    name: addedPerson?.name ?? "",
  };
}

export default function CrewList() {
  const { crew, page, photos, notice, name } = useLoaderData<typeof loader>();
  const { t } = useTranslation("team");
  return (
    <>
      <h1>{t("list.title")}</h1>
      {notice ? <FormAlert tone="success" lines={[t(`list.${notice}`, { name })]} /> : null}
      {crew.length === 0 ? (
        <section className="card">
          <p>{t("list.empty")}</p>
          <ButtonLink to="/my_team/add">{t("list.addFirst")}</ButtonLink>
        </section>
      ) : (
        <ul className="crew-list">
          {crew.map((person) => (
            <li key={person.id} className="card crew-card">
              <div className="crew-card__who">
                <Avatar url={photos[person.id] ?? null} name={person.name} size="md" />
                <h2>{person.name}</h2>
              </div>
              <p className="muted">{person.email}</p>
              <ul className="tags">
                <li className="tag">{t(`relations.${person.relation}`)}</li>
                <li className={person.status === "joined" ? "tag tag--done" : "tag"}>{t(`status.${person.status}`)}</li>
              </ul>
              <Link to={`/my_team/edit-${person.id}`}>{t("list.edit", { name: person.name })}</Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination {...page} label={t("list.title")} />
    </>
  );
}
