import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resources } from "~/locales/resources";
import { createT } from "~/i18n/translate";
import { selectionError, stillToChoose } from "~/forms/quiz";

const limits = fc
  .tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 7 }))
  .map(([min, extra]) => ({ min, max: min + extra }));

const en = createT("en", "trainings", resources.en);
const message = (error: ReturnType<typeof selectionError>) =>
  error && ("count" in error ? en(error.key, { count: error.count }) : en(error.key));

describe("a question's selection limits (SPEC §5)", () => {
  it("accept any selection within [min, max]", () => {
    fc.assert(
      fc.property(limits, fc.integer({ min: 0, max: 100 }), ({ min, max }, seed) => {
        const selected = min + (seed % (max - min + 1));
        expect(selectionError({ min, max }, selected)).toBeNull();
        expect(stillToChoose({ min, max }, selected)).toBe(0);
      }),
    );
  });

  it("refuse none with 'Please enter your answer'", () => {
    fc.assert(
      fc.property(limits, (l) => {
        expect(message(selectionError(l, 0))).toBe("Please enter your answer");
      }),
    );
  });

  it("refuse too few with 'Please answer at least {min} answers'", () => {
    fc.assert(
      fc.property(
        limits.filter((l) => l.min > 1),
        fc.integer({ min: 1, max: 7 }),
        (l, n) => {
          const selected = 1 + (n % (l.min - 1));
          expect(message(selectionError(l, selected))).toBe(`Please answer at least ${l.min} answers`);
          expect(stillToChoose(l, selected)).toBe(l.min - selected);
        },
      ),
    );
  });

  it("refuse too many with 'You cannot answer more than {max}'", () => {
    fc.assert(
      fc.property(limits, fc.integer({ min: 1, max: 20 }), (l, over) => {
        expect(message(selectionError(l, l.max + over))).toBe(`You cannot answer more than ${l.max}`);
      }),
    );
  });

  it("say the same in French", () => {
    const fr = createT("fr", "trainings", resources.fr);
    expect(fr("quiz.errors.required")).toBe("Choisissez une réponse");
    expect(fr("quiz.errors.atLeast", { count: 2 })).toBe("Veuillez choisir au moins 2 réponses");
    expect(fr("quiz.errors.atMost", { count: 3 })).toBe("Vous ne pouvez pas choisir plus de 3 réponses");
  });
});
