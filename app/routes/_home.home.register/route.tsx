import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { registrationRefusals } from "~/.server/accounts/contract.server";
import { firstStepSchema, parseWithZod, secondStepSchema } from "~/.server/accounts/forms.server";
import { registerMember } from "~/.server/team/registration.server";
import { redirectIfSignedIn } from "~/.server/auth/guard.server";
import { setTokenCookie } from "~/.server/auth/token-cookie.server";
import { intentOf, refuse, refuseUnknownIntent, refuseWith } from "~/.server/http/form-reply.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { outdatedVersions } from "~/.server/legal/pages.server";
import { clientOf } from "~/.server/http/client.server";
import { invitedEmail } from "~/.server/team/invitations.server";
import { titleMeta } from "~/components/document/page-title";
import { sharedPageHandle } from "~/components/document/cacheable-page";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import type { RegisterStep } from "~/forms/register-choices";
import { toUserType } from "~/forms/user-type";
import { useTranslation } from "~/i18n/react";
import { draftOf, forgetDraft, keepDraft } from "./draft.server";
import { useForgetDraftOnceRegistered } from "./draft-storage";
import { FirstStep } from "./first-step";
import { SecondStep } from "./second-step";
import { termsAccepted, termsShown } from "./terms.server";

export const meta = titleMeta;

/** The same for every visitor without a session: rendered once, then kept (render cache). */
export const handle = sharedPageHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const t = await translator(request, "auth");
  const query = new URL(request.url).searchParams;
  const draft = await draftOf(request);
  // The second step needs a valid first one (a bookmark to ?step=second starts over).
  const step: RegisterStep =
    query.get("step") === "second" && firstStepSchema.safeParse(draft).success ? "second" : "first";
  const invitedId = query.get("invited_id") ?? draft.invitedId ?? "";
  return {
    title: t("register.title"),
    step,
    // Read on the second step only: the first is a shared page, which shows nothing of the database.
    terms: step === "second" ? await termsShown(await localeOf(request)) : [],
    draft: {
      ...draft,
      userType: query.has("user_type") ? toUserType(query.get("user_type")) : toUserType(draft.userType),
      invitedId,
      // An invitation link fills in the address it was sent to.
      email: draft.email || ((await invitedEmail(invitedId)) ?? ""),
    },
  };
}

// SPEC §8: a refused registration has a general message, and its fields their own.
const hideFields = ["password", "confirmPassword"];
const formErrors = ["errors.checkFields"];

/**
 * POST /home/register. intent "next" checks the first step and keeps it in the draft; "back"
 * keeps the second step's typing and returns; "register" creates the account from the draft and
 * the second step, signs the member in and goes to /trainings (SPEC §4). Any other post changes
 * nothing and says so.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await redirectIfSignedIn(request);
  const formData = await request.formData();
  const intent = intentOf(formData, ["next", "back", "register"]);
  if (!intent) return refuseUnknownIntent();

  if (intent === "next") {
    const submission = parseWithZod(formData, { schema: firstStepSchema });
    const cookie = await keepDraft(request, submission.payload);
    if (submission.status !== "success") return refuse(submission.reply({ formErrors }), 400, { "Set-Cookie": cookie });
    return redirect(stepUrl("second", submission.value.invitedId), { headers: { "Set-Cookie": cookie } });
  }

  const submission = parseWithZod(formData, { schema: secondStepSchema });
  const draftCookie = await keepDraft(request, submission.payload);
  if (intent === "back") {
    return redirect(stepUrl("first", formData.get("invitedId")), { headers: { "Set-Cookie": draftCookie } });
  }
  if (submission.status !== "success") {
    return refuse(submission.reply({ formErrors, hideFields }), 400, { "Set-Cookie": draftCookie });
  }
  const first = firstStepSchema.safeParse(await draftOf(request));
  if (!first.success) {
    return redirect(stepUrl("first", submission.value.invitedId), { headers: { "Set-Cookie": draftCookie } });
  }

  // A version published while the visitor filled the form in: they see it before accepting it.
  const accepted = termsAccepted(formData);
  if ((await outdatedVersions(accepted)).length > 0) {
    return refuse(submission.reply({ formErrors: ["register.termsChanged"], hideFields }), 409, {
      "Set-Cookie": draftCookie,
    });
  }

  const { value } = submission;
  const result = await registerMember({
    firstname: first.data.firstName,
    lastname: first.data.lastName,
    birthDate: first.data.birthDate,
    gender: first.data.gender,
    email: value.email,
    mobile: value.mobile ? `+${value.mobileCountryCode} ${value.mobile}` : null,
    password: value.password,
    userType: value.userType,
    lang: await localeOf(request),
    invitedId: value.invitedId,
    accepted,
    userAgent: request.headers.get("user-agent"),
    ip: context.clientIp ?? "unknown",
    device: clientOf(request, context).device,
  });
  if (!result.ok) return refuseWith(submission, registrationRefusals[result.error], { hideFields });
  const headers = new Headers();
  headers.append("Set-Cookie", await forgetDraft(request));
  headers.append("Set-Cookie", await setTokenCookie(result.token));
  headers.append("Set-Cookie", result.deviceCookie);
  return redirect("/trainings", { headers });
}

function stepUrl(step: RegisterStep, invitedId: FormDataEntryValue | null | undefined) {
  const query = new URLSearchParams({ step });
  if (typeof invitedId === "string" && invitedId) query.set("invited_id", invitedId);
  return `/home/register?${query}`;
}

export default function Register() {
  const { step, draft, terms } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  useForgetDraftOnceRegistered();
  return (
    <section className="container section">
      <div className="card auth-card">
        <h1>{t("register.title")}</h1>
        <p className="muted">{t("register.lead")}</p>
        <ol className="steps">
          <li
            aria-current={step === "first" ? "step" : undefined}
            className={step === "second" ? "steps__done" : undefined}
          >
            {t("register.steps.first")}
          </li>
          <li aria-current={step === "second" ? "step" : undefined}>{t("register.steps.second")}</li>
        </ol>
        <UnknownIntentAlert reply={reply} />
        {step === "first" ? (
          <FirstStep draft={draft} reply={reply} />
        ) : (
          <SecondStep draft={draft} reply={reply} terms={terms} />
        )}
        <p className="form-links">
          <span>
            {t("register.haveAccount")} <Link to="/home/login">{t("register.login")}</Link>
          </span>
        </p>
      </div>
    </section>
  );
}
