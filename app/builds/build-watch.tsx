import { useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { isExternal, ruleTarget, type RouteRules } from "./route-rules";

/** How often the browser asks for the latest build while the page is visible. */
const POLL_INTERVAL_MS = 5 * 60_000;

type Build = { id: string };

/**
 * With JavaScript: polls /builds/latest.json while the page is visible and offers a reload when a
 * new build is out, and follows the build's route rules on client navigations (an external target
 * loads as a document, an internal one is a client navigation). Without JavaScript the server
 * enforces the rules and every page is the latest build.
 */
export function BuildWatch() {
  const { t } = useTranslation();
  const [newBuild, setNewBuild] = useState(false);
  const [rules, setRules] = useState<RouteRules>({});
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();

  useEffect(() => {
    const current = (window as { __remixManifest?: { version?: string } }).__remixManifest?.version;
    if (!current) return;
    const loadRules = (id: string) =>
      getJson<{ routeRules: RouteRules }>(`/builds/meta/${encodeURIComponent(id)}.json`).then(
        (meta) => meta && setRules(meta.routeRules),
      );
    let checkedAt = Date.now();
    const check = async () => {
      if (document.hidden) return;
      checkedAt = Date.now();
      const latest = await getJson<Build>("/builds/latest.json");
      if (latest && latest.id !== current) {
        setNewBuild(true);
        await loadRules(latest.id);
      }
    };
    const onVisible = () => {
      if (!document.hidden && Date.now() - checkedAt >= POLL_INTERVAL_MS) void check();
    };
    void loadRules(current);
    const timer = window.setInterval(check, POLL_INTERVAL_MS);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);

  const where = navigation.location ?? location;
  const target = ruleTarget(rules, where.pathname, where.search);
  useEffect(() => {
    if (!target) return;
    if (isExternal(target)) window.location.assign(target);
    else navigate(target, { replace: true });
  }, [target, navigate]);

  if (!newBuild) return null;
  return (
    <div className="alert alert--info new-version" role="status">
      <span>{t("newVersion.available")}</span>{" "}
      <button type="button" className="button button--ghost" onClick={() => window.location.reload()}>
        {t("newVersion.reload")}
      </button>
    </div>
  );
}

async function getJson<T>(url: string): Promise<T | null> {
  try {
    const response = await fetch(url, { headers: { Accept: "application/json" } });
    return response.ok ? ((await response.json()) as T) : null;
  } catch {
    return null;
  }
}
