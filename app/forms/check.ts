/** A form's check in the browser (components/form/client-checks.ts): the errors (translation keys) of each invalid field, by name. */
export type Check = (formData: FormData) => Record<string, string[]>;
