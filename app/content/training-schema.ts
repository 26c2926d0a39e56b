import { z } from "zod";
import { describeProblem, parseRichText } from "./rich-text";

/**
 * The shape of a training as written in app/content/trainings/<slug>.json, in both languages, and
 * as the database keeps it (trainings.content).
 * The seed validates every file against it at start-up, and an import checks an author's file with
 * it (app/.server/trainings/training-file.server.ts): a broken file is refused with the path of
 * each mistake. Custom messages are keys of the "content" namespace ("import.<key>").
 *
 * Bounds, well above today's content (its largest in brackets): modules 30 (3), parts per module
 * 30 (3), questions per quiz 50 (8), answers per question 12 (6), skills and profiles 12 (6),
 * paragraphs per body or transcript 50 (6); characters: slug 64 (13), title or label 160 (52),
 * summary, description or prompt 600 (236), paragraph 2,000 (306), media path 200 (34); hours per
 * module 100 (1.5); a score 100 (4).
 */
export const trainingBounds = {
  modules: 30,
  parts: 30,
  questions: 50,
  answers: 12,
  skills: 12,
  paragraphs: 50,
  slug: 64,
  title: 160,
  summary: 600,
  paragraph: 2_000,
  mediaPath: 200,
  url: 500,
  hours: 100,
  score: 100,
} as const;
const bounds = trainingBounds;

const slug = z
  .string()
  .max(bounds.slug)
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, "slug");
/** A paragraph in the authors' formatting (rich-text.ts): each problem refuses it, with its line. */
const paragraph = z
  .string()
  .min(1)
  .max(bounds.paragraph)
  .superRefine((value, ctx) => {
    for (const problem of parseRichText(value).problems)
      ctx.addIssue({ code: "custom", message: describeProblem(problem) });
  });
/** A file under public/media/ (no segment starts with a dot, so no ".."). */
const mediaPath = z
  .string()
  .max(bounds.mediaPath)
  .regex(/^\/media(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/, "mediaPath");
/** A file an author uploaded, kept in the database and served under /uploads/. */
const uploadPath = z
  .string()
  .max(bounds.mediaPath)
  .regex(/^\/uploads\/[A-Za-z0-9_-]{1,100}\.[a-z0-9]{2,5}$/, "mediaPath");
const localFile = z.union([mediaPath, uploadPath]);
const captionsPath = localFile.refine((value) => value.endsWith(".vtt"), "captionsPath");
/** A video is a local or uploaded file, or an https address (a video host's file). */
const videoSource = z.union([
  localFile,
  z
    .string()
    .max(bounds.url)
    .url()
    .regex(/^https:\/\//, "httpsUrl"),
]);

/** A list whose items' `key` (slug or id) are unique: a repeated one is told where it repeats. */
function uniqueBy<Item extends Record<Key, string>, Key extends string>(key: Key) {
  return (items: Item[], ctx: z.RefinementCtx) => {
    const first = new Map<string, number>();
    for (const [index, item] of items.entries()) {
      const seen = first.get(item[key]);
      if (seen === undefined) first.set(item[key], index);
      else
        ctx.addIssue({
          code: "custom",
          path: [index, key],
          message: "duplicate",
          params: { value: item[key], first: seen },
        });
    }
  };
}

/** Paragraphs in both languages: at least `least` of them in each. */
const paragraphsOf = (least: number) => {
  const list = z.array(paragraph).min(least).max(bounds.paragraphs);
  return z.object({ fr: list, en: list }).strict();
};
type Paragraphs = ReturnType<typeof paragraphsOf>;

/** A published video: its file, poster and captions in both languages, and a transcript. */
const publishedVideo = (paragraphs: Paragraphs) =>
  z
    .object({
      src: videoSource,
      poster: localFile,
      captions: z.object({ fr: captionsPath, en: captionsPath }).strict(),
      transcript: paragraphs,
    })
    .strict();
/** A draft's video may lack any of them until it is published. */
const draftVideo = (paragraphs: Paragraphs) =>
  z
    .object({
      src: videoSource.optional(),
      poster: localFile.optional(),
      captions: z.object({ fr: captionsPath.optional(), en: captionsPath.optional() }).strict(),
      transcript: paragraphs,
    })
    .strict();

/**
 * The training schema, complete (what members see: every text in both languages, every list
 * filled, every rule) or as a draft (the same shape and bounds, but texts may be empty,
 * lists short and videos unfinished until the author publishes).
 */
function contentSchema<Video extends z.ZodTypeAny>(complete: boolean, videoOf: (paragraphs: Paragraphs) => Video) {
  const least = complete ? 1 : 0;
  const text = (max: number) =>
    z.object({ fr: z.string().min(least).max(max), en: z.string().min(least).max(max) }).strict();
  const title = text(bounds.title);
  const summary = text(bounds.summary);
  const paragraphs = paragraphsOf(least);

  const part = z
    .object({
      slug,
      kind: z.enum(["text", "video", "exercise"]),
      title,
      /** Paragraphs of the reading, the video's introduction, or the exercise's instructions. */
      body: paragraphs,
      /** A local video (public/media/…), its poster and captions (WebVTT, checked at start) per language. */
      video: videoOf(paragraphs).optional(),
    })
    .strict()
    .refine((p) => !complete || (p.kind === "video") === Boolean(p.video), { message: "videoPart", path: ["video"] });

  const answer = z
    .object({
      id: slug,
      label: title,
      /** For a graded question: the right answers. */
      correct: z.boolean().optional(),
      /** For a self-assessment: points this answer gives to skills (ids of the training's skills). */
      scores: z.record(slug, z.number().min(0).max(bounds.score)).optional(),
    })
    .strict();

  const question = z
    .object({
      id: slug,
      prompt: summary,
      /** How many answers the member must pick at least and may pick at most (SPEC §5). */
      min: z.number().int().min(1),
      max: z.number().int().min(1),
      /** What the review after each attempt tells the member about this question (either language may be empty). */
      feedback: z
        .object({ fr: z.string().max(bounds.summary), en: z.string().max(bounds.summary) })
        .strict()
        .optional(),
      answers: z
        .array(answer)
        .min(complete ? 2 : 0)
        .max(bounds.answers)
        .superRefine(uniqueBy("id")),
    })
    .strict()
    .superRefine((q, ctx) => {
      // min ≤ max ≤ number of answers, told on max (once both are whole numbers). A draft's question
      // may still lack answers: its editor checks the rule when it saves the question.
      if (!complete || !Number.isInteger(q.min) || !Number.isInteger(q.max)) return;
      if (q.min > q.max)
        ctx.addIssue({ code: "custom", path: ["max"], message: "minAboveMax", params: { min: q.min, max: q.max } });
      else if (q.max > q.answers.length)
        ctx.addIssue({
          code: "custom",
          path: ["max"],
          message: "maxAboveAnswers",
          params: { max: q.max, count: q.answers.length },
        });
    });

  const quiz = z
    .object({
      /**
       * Share of the graded questions answered exactly right needed to pass. 0 is no pass mark: a
       * graded quiz is not published or seeded without one (publishableContent).
       */
      passPercent: z.number().int().min(0).max(100).default(0),
      /** The module is completed only once the pass mark is reached (else by any complete attempt). */
      requirePass: z.boolean().default(true),
      /** The review after each attempt shows the right answers. */
      showAnswers: z.boolean().default(true),
      questions: z.array(question).min(least).max(bounds.questions).superRefine(uniqueBy("id")),
    })
    .strict();

  const trainingModule = z
    .object({
      slug,
      title,
      summary,
      hours: z.number().positive().max(bounds.hours),
      access: z.enum(["free", "payable"]),
      /** The module ends with a "book the session" call to action (discovery coaching). */
      coaching: z.boolean().default(false),
      parts: z.array(part).min(least).max(bounds.parts).superRefine(uniqueBy("slug")),
      quiz: quiz.optional(),
    })
    .strict();

  const skill = z.object({ id: slug, label: title }).strict();
  const profile = z
    .object({
      id: slug,
      /** The skill whose top score gives this profile. */
      skill: slug,
      label: title,
      description: summary,
    })
    .strict();

  return z
    .object({
      slug,
      /** "training": modules to follow; "test": a self-assessment scored into skills and a profile. */
      kind: z.enum(["training", "test"]),
      order: z.number().int().min(-1_000_000).max(1_000_000),
      access: z.enum(["free", "payable"]),
      archived: z.boolean().default(false),
      title,
      summary,
      skills: z.array(skill).max(bounds.skills).superRefine(uniqueBy("id")).default([]),
      profiles: z.array(profile).max(bounds.skills).superRefine(uniqueBy("id")).default([]),
      modules: z.array(trainingModule).min(least).max(bounds.modules).superRefine(uniqueBy("slug")),
    })
    .strict()
    .superRefine((training, ctx) => {
      const skills = new Set(training.skills.map((s) => s.id));
      for (const [p, profile] of training.profiles.entries()) {
        if (!skills.has(profile.skill))
          ctx.addIssue({
            code: "custom",
            path: ["profiles", p, "skill"],
            message: "unknownSkill",
            params: { skill: profile.skill },
          });
      }
      for (const [m, module] of training.modules.entries()) {
        for (const [qi, q] of (module.quiz?.questions ?? []).entries()) {
          for (const [ai, a] of q.answers.entries()) {
            for (const id of Object.keys(a.scores ?? {})) {
              if (!skills.has(id)) {
                ctx.addIssue({
                  code: "custom",
                  path: ["modules", m, "quiz", "questions", qi, "answers", ai, "scores", id],
                  message: "unknownSkill",
                  params: { skill: id },
                });
              }
            }
          }
        }
      }
      if (complete && training.kind === "test" && training.skills.length === 0) {
        ctx.addIssue({ code: "custom", path: ["skills"], message: "testNeedsSkills" });
      }
    });
}

export const trainingContent = contentSchema(true, publishedVideo);
/** An author's working copy (training_drafts.content): checked on every save, completed by publishing. */
export const draftContent = contentSchema(false, draftVideo);

/** A quiz is graded when one of its questions has right answers: it is then scored and passed or not. */
export function isGraded(quiz: { questions: { answers: { correct?: boolean }[] }[] }): boolean {
  return quiz.questions.some((question) => question.answers.some((answer) => answer.correct));
}

/**
 * What may be published or seeded: complete, and each graded quiz with its pass mark, so that no
 * member reads "passed" over wrong answers. Content already live is read with trainingContent.
 */
export const publishableContent = trainingContent.superRefine((training, ctx) => {
  for (const [m, module] of training.modules.entries())
    if (module.quiz && isGraded(module.quiz) && module.quiz.passPercent === 0)
      ctx.addIssue({ code: "custom", path: ["modules", m, "quiz", "passPercent"], message: "passMarkMissing" });
});

export type TrainingContent = z.infer<typeof trainingContent>;
/** A training as its file says it, defaults left out. */
export type TrainingFile = z.input<typeof trainingContent>;
export type ModuleContent = TrainingContent["modules"][number];
export type QuestionContent = NonNullable<ModuleContent["quiz"]>["questions"][number];
/** A training as an author is writing it: published content is always a valid draft. */
export type DraftContent = z.infer<typeof draftContent>;
/** One module of a draft. */
export type DraftModule = DraftContent["modules"][number];
