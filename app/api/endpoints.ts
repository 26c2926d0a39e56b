import type { Endpoint } from "~/.server/api/endpoint.server";
import { openApiEndpoint } from "~/.server/api/openapi.server";
import * as adminCode from "./admin-code";
import * as adminCodeState from "./admin-code-state";
import * as adminCodes from "./admin-codes";
import * as adminAudit from "./admin-audit";
import * as adminMember from "./admin-member";
import * as adminMemberDelete from "./admin-member-delete";
import * as adminMemberRoles from "./admin-member-roles";
import * as adminMemberSignOut from "./admin-member-sign-out";
import * as adminMemberState from "./admin-member-state";
import * as adminMemberTrainings from "./admin-member-trainings";
import * as adminMemberTwoFactor from "./admin-member-two-factor";
import * as adminMemberVerification from "./admin-member-verification";
import * as adminMembers from "./admin-members";
import * as adminCoach from "./admin-coach";
import * as adminCoachRetire from "./admin-coach-retire";
import * as adminCoaches from "./admin-coaches";
import * as adminTrainingPrice from "./admin-training-price";
import * as booking from "./booking";
import * as bookingCancel from "./booking-cancel";
import * as bookingEarlierTime from "./booking-earlier-time";
import * as bookingReschedule from "./booking-reschedule";
import * as bookings from "./bookings";
import * as coachHours from "./coach-hours";
import * as coachSessionCancel from "./coach-session-cancel";
import * as coachSessionMove from "./coach-session-move";
import * as coachSessions from "./coach-sessions";
import * as coachProfile from "./coach-profile";
import * as coachSlots from "./coach-slots";
import * as coaches from "./coaches";
import * as commitment from "./commitment";
import * as commitmentDelete from "./commitment-delete";
import * as commitmentDone from "./commitment-done";
import * as commitments from "./commitments";
import * as frontVersion from "./front-version";
import * as goal from "./goal";
import * as goalHistory from "./goal-history";
import * as invitationAction from "./invitation-action";
import * as invitations from "./invitations";
import * as lifeGps from "./life-gps";
import * as login from "./login";
import * as logout from "./logout";
import * as oryCourier from "./ory-courier";
import * as stripeWebhook from "./stripe-webhook";
import * as trainingCheckout from "./training-checkout";
import * as payments from "./payments";
import * as receipt from "./receipt";
import * as profile from "./profile";
import * as profileDelete from "./profile-delete";
import * as profileEmail from "./profile-email";
import * as profileExport from "./profile-export";
import * as profileEmailCancel from "./profile-email-cancel";
import * as profileEmailConfirm from "./profile-email-confirm";
import * as profilePassword from "./profile-password";
import * as profileTwoFactor from "./profile-two-factor";
import * as profilePhoto from "./profile-photo";
import * as profilePhotoDelete from "./profile-photo-delete";
import * as profileSecurityEvents from "./profile-security-events";
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
 * Every endpoint of the JSON API, each declared in its module with its path and operations
 * (app/.server/api/endpoint.server.ts), from which the router and /api/openapi.json are made.
 * They are not Remix routes: Remix matches every page request's URL against its whole route table
 * four times over, and these were nearly half of it; the one splat route app/routes/api.$.ts
 * serves them through app/.server/api/router.server.ts instead.
 *
 * The modules are routes in all but name, so they sit beside app/routes rather than in app/.server
 * with the domains and the API's transport. The app reaches them only through this list, which
 * only api.$ imports: a route without a component, of which the browser build holds nothing.
 */
const described: Endpoint[] = [
  adminCodes.endpoint,
  adminCode.endpoint,
  ...adminCodeState.endpoints,
  adminMembers.endpoint,
  adminMember.endpoint,
  adminMemberRoles.endpoint,
  adminMemberTrainings.endpoint,
  adminMemberState.endpoint,
  adminMemberSignOut.endpoint,
  adminMemberTwoFactor.endpoint,
  adminMemberVerification.endpoint,
  adminMemberDelete.endpoint,
  adminAudit.endpoint,
  adminTrainingPrice.endpoint,
  bookings.endpoint,
  booking.endpoint,
  bookingCancel.endpoint,
  bookingReschedule.endpoint,
  bookingEarlierTime.endpoint,
  coaches.endpoint,
  coachSlots.endpoint,
  coachHours.endpoint,
  coachSessions.endpoint,
  coachSessionMove.endpoint,
  coachSessionCancel.endpoint,
  coachProfile.endpoint,
  adminCoaches.endpoint,
  adminCoach.endpoint,
  adminCoachRetire.endpoint,
  commitments.endpoint,
  commitment.endpoint,
  commitmentDelete.endpoint,
  ...commitmentDone.endpoints,
  login.endpoint,
  logout.endpoint,
  register.endpoint,
  whoami.endpoint,
  frontVersion.endpoint,
  goal.endpoint,
  goalHistory.endpoint,
  oryCourier.endpoint,
  stripeWebhook.endpoint,
  trainingCheckout.endpoint,
  payments.endpoint,
  receipt.endpoint,
  invitations.endpoint,
  ...invitationAction.endpoints,
  lifeGps.endpoint,
  profile.endpoint,
  profileExport.endpoint,
  profileDelete.endpoint,
  profileEmail.endpoint,
  profileEmailCancel.endpoint,
  profileEmailConfirm.endpoint,
  profilePassword.endpoint,
  ...profileTwoFactor.endpoints,
  profilePhoto.endpoint,
  profilePhotoDelete.endpoint,
  profileSecurityEvents.endpoint,
  recovery.endpoint,
  sessions.endpoint,
  sessionRevoke.endpoint,
  sessionsRevokeOthers.endpoint,
  surveys.endpoint,
  surveyClose.endpoint,
  team.endpoint,
  teamMember.endpoint,
  teamMemberRemove.endpoint,
  trainings.endpoint,
  training.endpoint,
  trainingPartRead.endpoint,
  trainingQuiz.endpoint,
  weather.endpoint,
];

/** …and the document that describes them (not itself). */
export const endpoints: Endpoint[] = [...described, openApiEndpoint(described)];
