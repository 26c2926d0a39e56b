import {
  answerSurvey as answerThen,
  closeSurvey as closeThen,
  type GivenAnswers,
} from "~/.server/surveys/surveys.server";
import { queueSurveyResultsNews } from "./crew-news.server";

/**
 * Closing a survey and answering it, as members do: when the results show (the member closed it,
 * or the last answer did), its member's crew news goes out in the same transaction.
 */
export function closeSurvey(memberId: string, id: string) {
  return closeThen(memberId, id, queueSurveyResultsNews);
}

export function answerSurvey(token: string, answers: GivenAnswers) {
  return answerThen(token, answers, queueSurveyResultsNews);
}
