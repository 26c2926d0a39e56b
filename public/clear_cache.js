// After a new front version (SPEC §4): continue to the page the member was on, saved under
// localStorage "redirect_to", when it is a path on this origin; otherwise to "/".
(() => {
  let target = "/";
  try {
    const saved = window.localStorage.getItem("redirect_to");
    if (saved && saved.charAt(0) === "/" && saved.charAt(1) !== "/" && saved.indexOf("\\") === -1) {
      const url = new URL(saved, window.location.origin);
      if (url.origin === window.location.origin) target = url.pathname + url.search + url.hash;
    }
    window.localStorage.removeItem("redirect_to");
  } catch {
    // Storage may be disabled: "/" is a fine place to continue.
  }
  document.getElementById("continue").setAttribute("href", target);
  window.setTimeout(() => {
    try {
      // The app's version check does not send the member here again within 1000 ms of this.
      window.sessionStorage.setItem("front_version_returned_at", String(Date.now()));
    } catch {
      // Without storage the app cannot have sent the member here either.
    }
    window.location.replace(target);
  }, 1500);
})();
