import type { ReadableSection, ReadableValue } from "~/.server/export/readable-copy.server";
import { useTranslation } from "~/i18n/react";

/**
 * The readable copy of the member's data (/profile/data): one section per kind of record, each
 * record a list of labelled values. Plain HTML that prints as it shows.
 */
export function DataSections({
  sections,
  photo,
  name,
}: {
  sections: ReadableSection[];
  photo: string | null;
  name: string;
}) {
  const { t } = useTranslation("profile");
  const say = (value: ReadableValue) => {
    if (value.kind === "text") return value.text;
    if (value.kind === "yesNo") return t(value.yes ? "data.yes" : "data.no");
    if (value.kind === "word") {
      const said = t(value.key);
      return said === value.key ? value.raw : said;
    }
    return t("data.empty");
  };
  return (
    <div className="data-copy">
      {photo ? (
        <img className="data-copy__photo" src={photo} alt={t("data.photoAlt", { name })} width={128} height={128} />
      ) : null}
      {sections.map((section) => (
        <section key={section.key} className="card data-copy__section" aria-labelledby={`data-${section.key}`}>
          <h2 id={`data-${section.key}`}>{t(`data.sections.${section.key}`)}</h2>
          {section.records.length === 0 ? <p>{t("data.none")}</p> : null}
          {section.records.map((record, index) => (
            // Records have no id of their own in the copy; their order never changes within a page.
            // biome-ignore lint/suspicious/noArrayIndexKey: a static list rendered once on the server
            <dl key={index} className="data-copy__record">
              {record.map(({ field, value }) => (
                <div key={field}>
                  <dt>{t(`data.fields.${field}`)}</dt>
                  <dd>{say(value)}</dd>
                </div>
              ))}
            </dl>
          ))}
        </section>
      ))}
    </div>
  );
}
