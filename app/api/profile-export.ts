import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { refusedHeaders } from "~/.server/export/contract.server";
import { dataExport, exportRefusals } from "~/.server/export/contract.server";
import { exportMemberData } from "~/.server/export/data-export.server";

/** "Download my data" (GDPR art. 15/20): the bearer's own records only, as /profile/data.json gives them. */
export const endpoint = getEndpoint("/api/profile/export", {
  summary: "Every record Cap holds about the signed-in member (never another's), 5 copies an hour",
  refusals: exportRefusals,
  ok: { status: 200, schema: dataExport, description: "The member's data" },
  async handler({ signedIn, refuse }) {
    const outcome = await exportMemberData(signedIn);
    if (outcome.ok) return apiAnswer(outcome.data);
    const refused = await refuse(outcome.error);
    for (const [name, value] of Object.entries(refusedHeaders)) refused.headers.set(name, value);
    return refused;
  },
});
