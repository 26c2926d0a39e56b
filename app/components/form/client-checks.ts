/**
 * A form's checks in the browser, as the member types, without their code in the page's first
 * load: `load` (an `import()`) starts when the member first reaches the form, and until it has
 * arrived the server is the check (a post is answered with its errors, as without JavaScript).
 * Once loaded: a field the member edited is checked when they leave it, then again at every
 * keystroke; a post the check refuses is not sent and shows every error. The errors come through
 * the same field metadata as the server's (`useFormReply`), so `Field` and `fieldProps` show
 * them; a field's check replaces the server's errors for it once the member edits it.
 */
import { useRef, useState, type FocusEvent, type FormEvent } from "react";
import type { Check } from "~/forms/check";
import type { Fields } from "~/components/form/form-reply";

/** What the form element takes: `<Form {...checks}>`. */
export type CheckHandlers = {
  onFocus: (event: FocusEvent<HTMLFormElement>) => void;
  onBlur: (event: FocusEvent<HTMLFormElement>) => void;
  onInput: (event: FormEvent<HTMLFormElement>) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

/** What the member did since the server's last answer: the fields edited, and those checked. */
type Since = { reply: unknown; edited: Set<string>; verdicts: Record<string, string[]> };

/** The named control an event comes from (not a hidden field nor a button). */
function controlName(target: EventTarget): string | null {
  const control =
    target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement
      ? target
      : null;
  return control?.name && control.type !== "hidden" ? control.name : null;
}

/**
 * `reply` is the action's answer (`useActionData()`), `fields` its reading by `useFormReply`.
 * Returns the fields with the browser's verdicts merged in, and the form's handlers.
 */
export function useClientChecks<Schema extends Record<string, unknown>>(
  reply: unknown,
  fields: Fields<Schema>,
  load: () => Promise<Check>,
): [Fields<Schema>, CheckHandlers] {
  const [since, setSince] = useState<Since>(() => ({ reply, edited: new Set(), verdicts: {} }));
  let current = since;
  // A new answer from the server starts over: its errors show until the member edits again.
  if (since.reply !== reply) {
    current = { reply, edited: new Set(), verdicts: {} };
    setSince(current);
  }
  const latest = useRef(current);
  latest.current = current;
  const check = useRef<Check | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const formElement = useRef<HTMLFormElement | null>(null);
  /** Fields left after an edit before the check arrived: checked when it does. */
  const waiting = useRef(new Set<string>());

  /** Checks the whole form and shows the verdicts of `names` and of the fields already checked. */
  function verify(form: HTMLFormElement, names: Iterable<string>) {
    return show(check.current?.(new FormData(form)) ?? {}, names);
  }

  function show(errors: Record<string, string[]>, names: Iterable<string>) {
    const { reply, edited, verdicts } = latest.current;
    const next: Record<string, string[]> = {};
    for (const name of new Set([...Object.keys(verdicts), ...names])) next[name] = errors[name] ?? [];
    const updated = { reply, edited, verdicts: next };
    latest.current = updated;
    setSince(updated);
    return errors;
  }

  function start(form: HTMLFormElement) {
    formElement.current = form;
    loading.current ??= load().then(
      (loaded) => {
        check.current = loaded;
        const left = [...waiting.current].filter((name) => latest.current.edited.has(name));
        waiting.current.clear();
        if (left.length && formElement.current?.isConnected) verify(formElement.current, left);
      },
      // Offline or a new build: the server stays the check; the next visit to the form tries again.
      () => {
        loading.current = null;
      },
    );
  }

  const handlers: CheckHandlers = {
    onFocus: (event) => start(event.currentTarget),
    onInput: (event) => {
      const form = event.currentTarget;
      start(form);
      const name = controlName(event.target);
      if (!name) return;
      latest.current.edited.add(name);
      const shown = name in latest.current.verdicts || Boolean(fields[name].errors);
      if (check.current && shown) verify(form, [name]);
    },
    onBlur: (event) => {
      const name = controlName(event.target);
      if (!name || !latest.current.edited.has(name)) return;
      // Leaving for one of the form's buttons: the post checks every field. An error shown now
      // would move the button from under the pointer before the click lands.
      const next = event.relatedTarget;
      if (next instanceof HTMLButtonElement && next.form === event.currentTarget) return;
      if (check.current) verify(event.currentTarget, [name]);
      else waiting.current.add(name);
    },
    onSubmit: (event) => {
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (!check.current || (submitter as HTMLButtonElement | null)?.formNoValidate) return;
      const form = event.currentTarget;
      const errors = check.current(new FormData(form));
      show(errors, Object.keys(errors));
      const invalid = [...form.elements].find((element) => {
        const name = controlName(element);
        return name !== null && name in errors;
      });
      if (!invalid) return;
      event.preventDefault();
      (invalid as HTMLElement).focus();
    },
  };

  const { verdicts } = current;
  const checked = new Proxy(fields, {
    get: (target, name: string) => {
      const meta = target[name];
      const verdict = verdicts[name];
      return verdict ? { ...meta, errors: verdict.length ? verdict : undefined } : meta;
    },
  });
  return [checked, handlers];
}
