import { Field } from "~/components/form";
import { useTranslation } from "~/i18n/react";

/** What a refused crew form comes back with (conform's reply): typed values and errors by field. */
export type Refused =
  | { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null }
  | undefined;

type Defaults = { name: string; email: string; relation: string };

/** Name, email (or the fixed address once invited) and relation of a crew member. */
export function CrewFields({
  relations,
  refused,
  defaults = { name: "", email: "", relation: "" },
  emailFixed = false,
}: {
  relations: readonly string[];
  refused: Refused;
  defaults?: Defaults;
  emailFixed?: boolean;
}) {
  const { t } = useTranslation("team");
  const typed = (name: keyof Defaults) => {
    const value = refused?.initialValue?.[name];
    return typeof value === "string" ? value : defaults[name];
  };
  const errors = (name: keyof Defaults) => refused?.error?.[name] ?? undefined;
  const described = (name: keyof Defaults) =>
    errors(name) ? { "aria-invalid": true, "aria-describedby": `crew-${name}-error` } : {};
  return (
    <>
      <Field label={t("fields.name")} htmlFor="crew-name" errors={errors("name")} errorId="crew-name-error" ns="team">
        <input
          id="crew-name"
          name="name"
          type="text"
          required
          maxLength={80}
          autoComplete="off"
          defaultValue={typed("name")}
          {...described("name")}
        />
      </Field>
      {emailFixed ? (
        <Field
          label={t("fields.email")}
          htmlFor="crew-email"
          hint={t("edit.emailFixed")}
          hintId="crew-email-hint"
          errorId="crew-email-error"
          ns="team"
        >
          <input id="crew-email" type="email" value={defaults.email} readOnly aria-describedby="crew-email-hint" />
        </Field>
      ) : (
        <Field
          label={t("fields.email")}
          htmlFor="crew-email"
          errors={errors("email")}
          errorId="crew-email-error"
          ns="team"
        >
          <input
            id="crew-email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            defaultValue={typed("email")}
            {...described("email")}
          />
        </Field>
      )}
      <Field
        label={t("fields.relation")}
        htmlFor="crew-relation"
        errors={errors("relation")}
        errorId="crew-relation-error"
        ns="team"
      >
        <select id="crew-relation" name="relation" required defaultValue={typed("relation")} {...described("relation")}>
          <option value="">{t("fields.relationChoose")}</option>
          {relations.map((relation) => (
            <option key={relation} value={relation}>
              {t(`relations.${relation}`)}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
