import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { bookingRefusals, earlierTimeAnswer, earlierTimeBody } from "~/.server/coaching/contract.server";
import { waitForEarlierTime } from "~/.server/coaching/booking/earlier-time.server";
import { refusalValues } from "~/.server/coaching/booking/notice-refusal.server";
import { only } from "~/.server/contract/refusal-table.server";

export const endpoint = postEndpoint("/api/bookings/:id/earlier-time", {
  summary:
    "Wait for an earlier time with the session's coach, or stop: each earlier time that frees up is mailed with a link that moves the session there",
  body: earlierTimeBody,
  refusals: only(bookingRefusals, "notFound", "notChangeable", "insideNotice"),
  ok: { status: 200, schema: earlierTimeAnswer, description: "Waiting, or no longer" },
  async handler({ params, signedIn: { member }, body, refuse }) {
    const { wait } = await body();
    const outcome = await waitForEarlierTime(member.id, params.id ?? "", wait);
    if (!outcome.ok) return refuse(outcome.error, await refusalValues(member.id, outcome));
    return apiAnswer({ waiting: wait });
  },
});
