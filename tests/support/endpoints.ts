import { endpoints } from "~/api/endpoints";

/** The API endpoint at `path` (as app/api declares it), its loader and action called as plain functions. */
export function endpointAt(path: string) {
  const found = endpoints.find((endpoint) => endpoint.path === path);
  if (!found) throw new Error(`No endpoint at ${path}`);
  const noAction = () => {
    throw new Error(`${path} has no action`);
  };
  return { loader: found.loader, action: found.action ?? noAction };
}
