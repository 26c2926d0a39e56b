import type { Endpoint } from "~/.server/api/router.server";
import * as booking from "./booking";
import * as bookingCancel from "./booking-cancel";
import * as bookingReschedule from "./booking-reschedule";
import * as bookings from "./bookings";
import * as coachSlots from "./coach-slots";
import * as coaches from "./coaches";
import * as commitment from "./commitment";
import * as commitmentDelete from "./commitment-delete";
import * as commitmentDone from "./commitment-done";
import * as commitmentUndone from "./commitment-undone";
import * as commitments from "./commitments";
import * as frontVersion from "./front-version";
import * as goal from "./goal";
import * as goalHistory from "./goal-history";
import * as invitationAction from "./invitation-action";
import * as invitations from "./invitations";
import * as lifeGps from "./life-gps";
import * as login from "./login";
import * as logout from "./logout";
import * as openapi from "./openapi";
import * as oryCourier from "./ory-courier";
import * as profile from "./profile";
import * as profileDelete from "./profile-delete";
import * as profileEmail from "./profile-email";
import * as profileEmailCancel from "./profile-email-cancel";
import * as profileEmailConfirm from "./profile-email-confirm";
import * as profilePassword from "./profile-password";
import * as profilePhoto from "./profile-photo";
import * as profilePhotoDelete from "./profile-photo-delete";
import * as recovery from "./recovery";
import * as register from "./register";
import * as sessionRevoke from "./session-revoke";
import * as sessions from "./sessions";
import * as sessionsRevokeOthers from "./sessions-revoke-others";
import * as surveyClose from "./survey-close";
import * as surveys from "./surveys";
import * as team from "./team";
import * as teamMember from "./team-member";
import * as teamMemberRemove from "./team-member-remove";
import * as training from "./training";
import * as trainingPartRead from "./training-part-read";
import * as trainingQuiz from "./training-quiz";
import * as trainings from "./trainings";
import * as weather from "./weather";
import * as whoami from "./whoami";

/**
 * Every endpoint of the JSON API: its path (`:name` a parameter, named as the module reads it
 * in `params`) and its module, whose `loader` answers GET and HEAD and whose `action` the other
 * methods. They are not Remix routes: Remix matches every page request's URL against its whole
 * route table four times over, and these were nearly half of it; the one splat route
 * app/routes/api.$.ts serves them through app/.server/api/router.server.ts instead.
 *
 * The modules are routes in all but name (a loader, an action, their paths in their doc comments),
 * so they sit beside app/routes rather than in app/.server with the domains and the API's
 * transport. The app reaches them only through this table, which only api.$ imports: a route
 * without a component, of which the browser build holds nothing.
 */
export const endpoints: Endpoint[] = [
  { path: "/api/bookings", module: bookings },
  { path: "/api/bookings/:id", module: booking },
  { path: "/api/bookings/:id/cancel", module: bookingCancel },
  { path: "/api/bookings/:id/reschedule", module: bookingReschedule },
  { path: "/api/coaches", module: coaches },
  { path: "/api/coaches/:coach_slug/slots", module: coachSlots },
  { path: "/api/commitments", module: commitments },
  { path: "/api/commitments/:id", module: commitment },
  { path: "/api/commitments/:id/delete", module: commitmentDelete },
  { path: "/api/commitments/:id/done", module: commitmentDone },
  { path: "/api/commitments/:id/undone", module: commitmentUndone },
  { path: "/api/dashboard/login", module: login },
  { path: "/api/dashboard/logout", module: logout },
  { path: "/api/dashboard/register", module: register },
  { path: "/api/dashboard/whoami", module: whoami },
  { path: "/api/debug/data_page/front-version", module: frontVersion },
  { path: "/api/goal", module: goal },
  { path: "/api/goal/history", module: goalHistory },
  { path: "/api/hooks/ory/courier", module: oryCourier },
  { path: "/api/invitations", module: invitations },
  { path: "/api/invitations/:id/:action", module: invitationAction },
  { path: "/api/life_gps", module: lifeGps },
  { path: "/api/openapi.json", module: openapi },
  { path: "/api/profile", module: profile },
  { path: "/api/profile/delete", module: profileDelete },
  { path: "/api/profile/email", module: profileEmail },
  { path: "/api/profile/email/cancel", module: profileEmailCancel },
  { path: "/api/profile/email/confirm", module: profileEmailConfirm },
  { path: "/api/profile/password", module: profilePassword },
  { path: "/api/profile/photo", module: profilePhoto },
  { path: "/api/profile/photo/delete", module: profilePhotoDelete },
  { path: "/api/recovery", module: recovery },
  { path: "/api/sessions", module: sessions },
  { path: "/api/sessions/:id/revoke", module: sessionRevoke },
  { path: "/api/sessions/revoke-others", module: sessionsRevokeOthers },
  { path: "/api/surveys", module: surveys },
  { path: "/api/surveys/:id/close", module: surveyClose },
  { path: "/api/team", module: team },
  { path: "/api/team/:id", module: teamMember },
  { path: "/api/team/:id/remove", module: teamMemberRemove },
  { path: "/api/trainings", module: trainings },
  { path: "/api/trainings/:training_slug", module: training },
  { path: "/api/trainings/:training_slug/modules/:module_slug/parts/:part_slug/read", module: trainingPartRead },
  { path: "/api/trainings/:training_slug/modules/:module_slug/quiz", module: trainingQuiz },
  { path: "/api/weather", module: weather },
];
