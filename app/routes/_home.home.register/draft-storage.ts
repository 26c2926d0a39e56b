import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { draftStorageKeys } from "~/forms/register-choices";

/**
 * With JavaScript, the registration draft also lives in localStorage under the keys of SPEC §3
 * (never the password): on arrival empty fields are filled from it, and every change is saved.
 * The user type, a hidden field, is saved when the address chose it (who-are-you's
 * ?user_type=…) and restored otherwise.
 */
export function useRegistrationDraftStorage() {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    const storage = safeStorage();
    if (!form || !storage) return;
    storage.setItem(draftStorageKeys.showForm, "true");
    keepUserType(form, storage);
    for (const [field, key] of Object.entries(draftStorageKeys)) {
      const saved = storage.getItem(key);
      if (saved === null) continue;
      for (const control of form.querySelectorAll<HTMLInputElement>(`[name="${field}"]`)) {
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

function keepUserType(form: HTMLFormElement, storage: Storage) {
  const control = form.querySelector<HTMLInputElement>('input[name="userType"]');
  if (!control) return;
  const saved = storage.getItem(draftStorageKeys.userType);
  if (saved && !new URLSearchParams(window.location.search).has("user_type")) control.value = saved;
  else storage.setItem(draftStorageKeys.userType, control.value);
}

/**
 * Forgets the local draft once the server has accepted the registration: its answer to a
 * "register" post leads away from the page (a refused one stays, and so does the draft).
 */
export function useForgetDraftOnceRegistered() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const accepted =
    navigation.state === "loading" &&
    navigation.formData?.get("intent") === "register" &&
    navigation.location.pathname !== pathname;
  useEffect(() => {
    const storage = accepted ? safeStorage() : null;
    if (storage) for (const key of Object.values(draftStorageKeys)) storage.removeItem(key);
  }, [accepted]);
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
