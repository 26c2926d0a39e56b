import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { draftStorageKeys } from "~/forms/register-choices";

/**
 * With JavaScript, the registration draft also lives in localStorage under the keys of SPEC §3
 * (never the password): on arrival empty fields are filled from it, and every change is saved
 * (the user type, a hidden field, by useUserType).
 */
export function useRegistrationDraftStorage() {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    const storage = safeStorage();
    if (!form || !storage) return;
    storage.setItem(draftStorageKeys.showForm, "true");
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

/**
 * The user type the form sends (a hidden field): who-are-you's choice when the address carries it
 * (?user_type=…, then kept locally), else the one kept locally, else the page's.
 */
export function useUserType(served: string): string {
  const [userType, setUserType] = useState(served);
  useEffect(() => {
    const storage = safeStorage();
    if (!storage) return;
    const saved = storage.getItem(draftStorageKeys.userType);
    if (saved && !new URLSearchParams(window.location.search).has("user_type")) setUserType(saved);
    else storage.setItem(draftStorageKeys.userType, served);
  }, [served]);
  return userType;
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
