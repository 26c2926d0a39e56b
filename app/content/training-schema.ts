import { z } from "zod";
import { describeProblem, parseRichText } from "./rich-text";

/**
 * The shape of a training as written in app/content/trainings/<slug>.json, in both languages, and
 * as the database keeps it (trainings.content).
 * The seed validates every file against it at start-up: a broken file stops the start with the
 * file's name and the path of the mistake.
 */
const slug = z.string().regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, "a lower-case slug: letters, digits, - or _");
const text = z.object({ fr: z.string().min(1), en: z.string().min(1) });
/** A paragraph in the authors' formatting (rich-text.ts): each problem refuses it, with its line. */
const paragraph = z
  .string()
  .min(1)
  .superRefine((value, ctx) => {
    for (const problem of parseRichText(value).problems)
      ctx.addIssue({ code: "custom", message: describeProblem(problem) });
  });
const paragraphs = z.object({ fr: z.array(paragraph).min(1), en: z.array(paragraph).min(1) });

const part = z
  .object({
    slug,
    kind: z.enum(["text", "video", "exercise"]),
    title: text,
    /** Paragraphs of the reading, the video's introduction, or the exercise's instructions. */
    body: paragraphs,
    /** A local video (public/media/…), its poster and captions (WebVTT) per language. */
    video: z
      .object({
        src: z.string().startsWith("/media/"),
        poster: z.string().startsWith("/media/"),
        captions: z.object({ fr: z.string().startsWith("/media/"), en: z.string().startsWith("/media/") }),
        transcript: paragraphs,
      })
      .optional(),
  })
  .refine((p) => (p.kind === "video") === Boolean(p.video), { message: "a video part has a video, and only it" });

const answer = z.object({
  id: slug,
  label: text,
  /** For a graded question: the right answers. */
  correct: z.boolean().optional(),
  /** For a self-assessment: points this answer gives to skills (ids of the training's skills). */
  scores: z.record(slug, z.number().min(0)).optional(),
});

const question = z
  .object({
    id: slug,
    prompt: text,
    /** How many answers the member must pick at least and may pick at most (SPEC §5). */
    min: z.number().int().min(1),
    max: z.number().int().min(1),
    answers: z.array(answer).min(2),
  })
  .refine((q) => q.max >= q.min && q.max <= q.answers.length, { message: "min ≤ max ≤ number of answers" });

const quiz = z.object({
  /** Share of questions answered exactly right needed to pass (0: any complete submission passes). */
  passPercent: z.number().int().min(0).max(100).default(0),
  questions: z.array(question).min(1),
});

const trainingModule = z.object({
  slug,
  title: text,
  summary: text,
  hours: z.number().positive(),
  access: z.enum(["free", "payable"]),
  /** The module ends with a "book the session" call to action (discovery coaching). */
  coaching: z.boolean().default(false),
  parts: z.array(part).min(1),
  quiz: quiz.optional(),
});

const skill = z.object({ id: slug, label: text });
const profile = z.object({
  id: slug,
  /** The skill whose top score gives this profile. */
  skill: slug,
  label: text,
  description: text,
});

export const trainingContent = z
  .object({
    slug,
    /** "training": modules to follow; "test": a self-assessment scored into skills and a profile. */
    kind: z.enum(["training", "test"]),
    order: z.number().int(),
    access: z.enum(["free", "payable"]),
    archived: z.boolean().default(false),
    title: text,
    summary: text,
    skills: z.array(skill).default([]),
    profiles: z.array(profile).default([]),
    modules: z.array(trainingModule).min(1),
  })
  .superRefine((training, ctx) => {
    const skills = new Set(training.skills.map((s) => s.id));
    for (const [m, module] of training.modules.entries()) {
      for (const [qi, q] of (module.quiz?.questions ?? []).entries()) {
        for (const [ai, a] of q.answers.entries()) {
          for (const id of Object.keys(a.scores ?? {})) {
            if (!skills.has(id)) {
              ctx.addIssue({
                code: "custom",
                path: ["modules", m, "quiz", "questions", qi, "answers", ai, "scores", id],
                message: `unknown skill ${id}`,
              });
            }
          }
        }
      }
    }
    if (training.kind === "test" && training.skills.length === 0) {
      ctx.addIssue({ code: "custom", path: ["skills"], message: "a test scores skills: list them" });
    }
  });

export type TrainingContent = z.infer<typeof trainingContent>;
export type ModuleContent = TrainingContent["modules"][number];
export type QuestionContent = NonNullable<ModuleContent["quiz"]>["questions"][number];
