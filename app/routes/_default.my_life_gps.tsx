import { dateFormat } from "~/.server/calendar/date-formats.server";
import { parseWithZod } from "~/forms/submission";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { refuse } from "~/.server/http/form-reply.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { lifeGpsSchema } from "~/.server/space/forms.server";
import { LIFE_GPS_PAGE_SIZE, lifeAreas, lifeGpsPage, ratingsFrom, saveLifeGps } from "~/.server/space/life-gps.server";
import { pageParam } from "~/.server/paging/paging.server";
import { ErrorList, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { Pagination } from "~/components/presentational/pagination";
import { titleMeta } from "~/components/document/page-title";
import { SkillRadar } from "~/components/presentational/skill-charts";
import { useTranslation } from "~/i18n/react";
import { HistoryTable } from "~/components/presentational/history-table";

export const meta = titleMeta;

/** /my_life_gps: each life area rated 0–10 with a note, drawn as a radar, with its history. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const lang = await localeOf(request);
  const t = await translator(lang, "space");
  const filledOn = dateFormat(lang, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: member.time_zone,
  });
  // The newest filling draws the radar; the history table shows every filling, a page at a time.
  // On the first page the newest is the history's first row: read once.
  const history = await lifeGpsPage(member.id, { page: pageParam(new URL(request.url)), limit: LIFE_GPS_PAGE_SIZE });
  const newest = history.page.page === 1 ? history : await lifeGpsPage(member.id, { page: 1, limit: 1 });
  const view = (entry: (typeof history.items)[number]) => ({
    id: entry.id,
    date: filledOn.format(entry.createdAt),
    areas: lifeAreas.map((area) => ({
      id: area,
      label: t(`lifeGps.areas.${area}`),
      score: entry.ratings[area]?.score ?? 0,
      note: entry.ratings[area]?.note ?? "",
    })),
  });
  return {
    title: t("lifeGps.title"),
    areas: lifeAreas.map((area) => ({ id: area, label: t(`lifeGps.areas.${area}`) })),
    latest: newest.items[0] ? view(newest.items[0]) : null,
    entries: history.items.map(view),
    page: { page: history.page.page, pages: history.page.pages, total: history.page.total },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const submission = parseWithZod(await request.formData(), { schema: lifeGpsSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  await saveLifeGps(member.id, ratingsFrom(submission.value));
  return redirect("/my_life_gps#radar", 303);
}

export default function MyLifeGps() {
  const { areas, latest, entries, page } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("space");
  // Each area starts at its last score (5 the first time), the notes empty.
  const [form, fields] = useFormReply<Record<string, string>>(reply, {
    id: "life-gps",
    defaultValue: Object.fromEntries(
      areas.map((area) => [`${area.id}_score`, String(latest?.areas.find((a) => a.id === area.id)?.score ?? 5)]),
    ),
  });
  return (
    <>
      <header className="page-header">
        <h1>{t("lifeGps.title")}</h1>
        <p className="lead">{t("lifeGps.lead")}</p>
        <p className="muted">{t("lifeGps.story")}</p>
      </header>
      {latest ? (
        <section className="card" id="radar" aria-labelledby="radar-title">
          <h2 id="radar-title">{t("lifeGps.latest", { date: latest.date })}</h2>
          <SkillRadar
            title={t("lifeGps.title")}
            skills={latest.areas.map((a) => ({ id: a.id, label: a.label, value: a.score * 10 }))}
          />
        </section>
      ) : null}
      <section className="card" aria-labelledby="fill-title">
        <h2 id="fill-title">{latest ? t("lifeGps.again") : t("lifeGps.fill")}</h2>
        {form.status === "error" ? <FormAlert lines={[t("errors.checkFields")]} /> : null}
        <Form method="post" {...formProps(form)} className="form">
          {areas.map((area) => {
            const score = fields[`${area.id}_score`];
            const note = fields[`${area.id}_note`];
            return (
              <fieldset key={area.id} className="field life-area">
                <legend>{area.label}</legend>
                <label htmlFor={score.id}>{t("lifeGps.score")}</label>
                <input
                  {...fieldProps(score, { type: "number" })}
                  min={0}
                  max={10}
                  step={1}
                  required
                  inputMode="numeric"
                />
                <label htmlFor={note.id}>{t("lifeGps.note")}</label>
                <input {...fieldProps(note, { type: "text" })} maxLength={280} />
                <ErrorList id={score.errorId} errors={score.errors} ns="space" />
                <ErrorList id={note.errorId} errors={note.errors} ns="space" />
              </fieldset>
            );
          })}
          <SubmitButton pendingLabel={t("saving")} className="button button--primary">
            {t("lifeGps.save")}
          </SubmitButton>
        </Form>
      </section>
      {page.total > 1 ? (
        <section className="card" id="history" aria-labelledby="history-title">
          <h2 id="history-title">{t("lifeGps.history")}</h2>
          <HistoryTable
            caption={<caption className="visually-hidden">{t("lifeGps.history")}</caption>}
            headings={[t("lifeGps.date"), ...areas.map((area) => area.label)]}
          >
            {entries.map((entry) => (
              <tr key={entry.id}>
                <th scope="row">{entry.date}</th>
                {entry.areas.map((area) => (
                  <td key={area.id} title={area.note || undefined}>
                    {area.score}
                  </td>
                ))}
              </tr>
            ))}
          </HistoryTable>
          <Pagination {...page} hash="#history" label={t("lifeGps.history")} />
        </section>
      ) : null}
    </>
  );
}
