import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { weatherAnswer, weatherBody } from "~/.server/space/contract.server";
import { today } from "~/.server/space/overview.server";
import { checkIn, lastSevenDays } from "~/.server/space/weather.server";

async function weatherOf(memberId: string, day: string) {
  const days = await lastSevenDays(memberId, day);
  return apiAnswer({ today: day, mood: days[days.length - 1].mood, days });
}

export const endpoint = defineEndpoint("/api/weather", {
  get: operation({
    summary: "My interior weather: today's check-in and the last seven days",
    ok: { status: 200, schema: weatherAnswer, description: "The weather" },
    handler: ({ signedIn: { member } }) => weatherOf(member.id, today(member.time_zone)),
  }),
  post: operation({
    summary: "Check in today (in the member's time zone): top or not top; checking in again changes the day's",
    body: weatherBody,
    bodyNamespace: "space",
    ok: { status: 200, schema: weatherAnswer, description: "Checked in" },
    async handler({ signedIn: { member }, body }) {
      const { mood } = await body();
      const day = today(member.time_zone);
      await checkIn(member.id, day, mood);
      return weatherOf(member.id, day);
    },
  }),
});
