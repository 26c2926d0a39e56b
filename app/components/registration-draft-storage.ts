import { useEffect, useRef } from "react";
import { draftStorageKeys } from "~/forms/register-choices";

/**
 * With JavaScript, the registration draft also lives in localStorage under the keys of SPEC §3
 * (never the password): empty fields are filled from it on arrival, and every change is saved.
 */
export function useRegistrationDraftStorage() {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const storage = safeStorage();
    if (!storage) return;
    storage.setItem(draftStorageKeys.showForm, "true");
    for (const [field, key] of Object.entries(draftStorageKeys)) {
      const saved = storage.getItem(key);
      const controls = form.querySelectorAll<HTMLInputElement>(`[name="${field}"]`);
      if (saved === null || controls.length === 0) continue;
      for (const control of controls) {
        if (control.type === "radio") control.checked = control.value === saved;
        else if (control.type !== "hidden" && !control.value) control.value = saved;
      }
    }
    const save = (event: Event) => {
      const control = event.target as HTMLInputElement;
      const key = draftStorageKeys[control.name as keyof typeof draftStorageKeys];
      if (key && control.type !== "password") storage.setItem(key, control.value);
    };
    form.addEventListener("change", save);
    form.addEventListener("input", save);
    return () => {
      form.removeEventListener("change", save);
      form.removeEventListener("input", save);
    };
  }, []);
  return formRef;
}

/** Forgets the draft once the account exists. */
export function clearRegistrationDraftStorage() {
  const storage = safeStorage();
  if (storage) for (const key of Object.values(draftStorageKeys)) storage.removeItem(key);
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
