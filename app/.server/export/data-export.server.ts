import { asc, eq, or } from "drizzle-orm";
import type { SignedIn } from "~/.server/accounts/members.server";
import { db } from "~/.server/db/client.server";
import {
  accessCodes,
  accessCodeUses,
  appUsers,
  certificates,
  auditEvents,
  coaches,
  coachingBookings,
  coachingSessionPreps,
  coachTimeOff,
  commitments,
  commitmentOccurrences,
  commitmentPauses,
  crewMembers,
  entitlements,
  identityFlows,
  invitations,
  lifeGpsEntries,
  mainGoals,
  memberPhotos,
  memberRoles,
  moduleCompletions,
  partReads,
  payments,
  quizSubmissions,
  securityEvents,
  selfServiceCodes,
  trainingModules,
  trainings,
  weatherCheckins,
} from "~/.server/db/schema.server";
import { identity } from "~/.server/identity/identity-service.server";
import { photoUrl } from "~/.server/media/photo.server";
import { trySlots } from "~/.server/rate-limit/rate-limit.server";
import { listSurveys } from "~/.server/surveys/surveys.server";
import { weekdaysOfBits } from "~/.server/space/recurrence.server";
import { verificationUrl } from "~/.server/trainings/certificates.server";
import { type DataExport, EXPORT_LIMIT } from "./contract.server";

/**
 * Every record Cap holds about the signed-in member, for "Download my data".
 * What each table gives, and why a few give nothing, is listed in EXPORT_COVERAGE below; a test
 * (tests/integration/profile-export.test.ts) fails when a table pointing at a member is in neither.
 * The identity (traits, addresses) and the devices come through the identity port, so the copy is
 * the same with Kratos holding them.
 */
export type ExportOutcome = { ok: true; data: DataExport } | { ok: false; error: "tooManyExports" };

/** Takes one of the member's exports of the hour, then reads the copy. */
export async function exportMemberData(signedIn: SignedIn): Promise<ExportOutcome> {
  const slot = await trySlots([{ ...EXPORT_LIMIT, key: signedIn.member.id }]);
  if (!slot.ok) return { ok: false, error: "tooManyExports" };
  return { ok: true, data: await memberData(signedIn) };
}

/** The module a record points at, named by its training's and its own slug ("j-embarque/module-1"). */
const moduleName = (training: string, module: string) => `${training}/${module}`;

export async function memberData(signedIn: SignedIn): Promise<DataExport> {
  const memberId = signedIn.member.id;
  const identityId = signedIn.identity.id;
  const [member] = await db().select().from(appUsers).where(eq(appUsers.id, memberId));
  const ofModule = { training: trainings.slug, module: trainingModules.slug };
  const [
    photo,
    roles,
    goals,
    weather,
    commitmentRows,
    occurrenceRows,
    pauseRows,
    lifeGps,
    reads,
    quizzes,
    completions,
    entitled,
    codesUsed,
    codesCreated,
    certificateRows,
    paymentRows,
    crew,
    sent,
    received,
    surveyViews,
    bookings,
    coach,
    securityRows,
    codes,
    flows,
    audit,
    devices,
  ] = await Promise.all([
    db().select().from(memberPhotos).where(eq(memberPhotos.memberId, memberId)),
    db().select().from(memberRoles).where(eq(memberRoles.memberId, memberId)).orderBy(asc(memberRoles.createdAt)),
    db().select().from(mainGoals).where(eq(mainGoals.memberId, memberId)).orderBy(asc(mainGoals.createdAt)),
    db().select().from(weatherCheckins).where(eq(weatherCheckins.memberId, memberId)).orderBy(asc(weatherCheckins.day)),
    db()
      .select({ row: commitments, ...ofModule })
      .from(commitments)
      .leftJoin(trainingModules, eq(trainingModules.id, commitments.moduleId))
      .leftJoin(trainings, eq(trainings.id, trainingModules.trainingId))
      .where(eq(commitments.memberId, memberId))
      .orderBy(asc(commitments.createdAt)),
    db()
      .select({ commitmentId: commitmentOccurrences.commitmentId, day: commitmentOccurrences.day })
      .from(commitmentOccurrences)
      .innerJoin(commitments, eq(commitments.id, commitmentOccurrences.commitmentId))
      .where(eq(commitments.memberId, memberId))
      .orderBy(asc(commitmentOccurrences.day)),
    db()
      .select()
      .from(commitmentPauses)
      .where(eq(commitmentPauses.memberId, memberId))
      .orderBy(asc(commitmentPauses.startsOn)),
    db()
      .select()
      .from(lifeGpsEntries)
      .where(eq(lifeGpsEntries.memberId, memberId))
      .orderBy(asc(lifeGpsEntries.createdAt)),
    db()
      .select({ row: partReads, ...ofModule })
      .from(partReads)
      .innerJoin(trainingModules, eq(trainingModules.id, partReads.moduleId))
      .innerJoin(trainings, eq(trainings.id, trainingModules.trainingId))
      .where(eq(partReads.memberId, memberId))
      .orderBy(asc(partReads.readAt)),
    db()
      .select({ row: quizSubmissions, ...ofModule })
      .from(quizSubmissions)
      .innerJoin(trainingModules, eq(trainingModules.id, quizSubmissions.moduleId))
      .innerJoin(trainings, eq(trainings.id, trainingModules.trainingId))
      .where(eq(quizSubmissions.memberId, memberId))
      .orderBy(asc(quizSubmissions.createdAt)),
    db()
      .select({ row: moduleCompletions, ...ofModule })
      .from(moduleCompletions)
      .innerJoin(trainingModules, eq(trainingModules.id, moduleCompletions.moduleId))
      .innerJoin(trainings, eq(trainings.id, trainingModules.trainingId))
      .where(eq(moduleCompletions.memberId, memberId))
      .orderBy(asc(moduleCompletions.completedAt)),
    db()
      .select({ row: entitlements, training: trainings.slug })
      .from(entitlements)
      .innerJoin(trainings, eq(trainings.id, entitlements.trainingId))
      .where(eq(entitlements.memberId, memberId))
      .orderBy(asc(entitlements.createdAt)),
    db().select().from(accessCodeUses).where(eq(accessCodeUses.memberId, memberId)).orderBy(asc(accessCodeUses.usedAt)),
    db()
      .select({ row: accessCodes, training: trainings.slug })
      .from(accessCodes)
      .innerJoin(trainings, eq(trainings.id, accessCodes.trainingId))
      .where(eq(accessCodes.createdBy, memberId))
      .orderBy(asc(accessCodes.createdAt)),
    db()
      .select({ row: certificates, training: trainings.slug })
      .from(certificates)
      .innerJoin(trainings, eq(trainings.id, certificates.trainingId))
      .where(eq(certificates.memberId, memberId))
      .orderBy(asc(certificates.issuedAt)),
    db().select().from(payments).where(eq(payments.memberId, memberId)).orderBy(asc(payments.createdAt)),
    db().select().from(crewMembers).where(eq(crewMembers.memberId, memberId)).orderBy(asc(crewMembers.createdAt)),
    db().select().from(invitations).where(eq(invitations.inviterId, memberId)).orderBy(asc(invitations.createdAt)),
    // Invitations to the member's address or accepted by the member: the inviter as the invitation named them.
    db()
      .select({ row: invitations, firstname: appUsers.firstname, lastname: appUsers.lastname })
      .from(invitations)
      .innerJoin(appUsers, eq(appUsers.id, invitations.inviterId))
      .where(or(eq(invitations.inviteeId, memberId), eq(invitations.email, signedIn.identity.traits.email)))
      .orderBy(asc(invitations.createdAt)),
    listSurveys(memberId),
    db()
      .select({ row: coachingBookings, coach: coaches.name, prep: coachingSessionPreps })
      .from(coachingBookings)
      .innerJoin(coaches, eq(coaches.id, coachingBookings.coachId))
      .leftJoin(coachingSessionPreps, eq(coachingSessionPreps.bookingId, coachingBookings.id))
      .where(eq(coachingBookings.memberId, memberId))
      .orderBy(asc(coachingBookings.startsAt)),
    db().select().from(coaches).where(eq(coaches.memberId, memberId)),
    db().select().from(securityEvents).where(eq(securityEvents.memberId, memberId)).orderBy(asc(securityEvents.id)),
    db()
      .select()
      .from(selfServiceCodes)
      .where(eq(selfServiceCodes.identityId, identityId))
      .orderBy(asc(selfServiceCodes.createdAt)),
    db()
      .select()
      .from(identityFlows)
      .where(eq(identityFlows.identityId, identityId))
      .orderBy(asc(identityFlows.createdAt)),
    db().select().from(auditEvents).where(eq(auditEvents.subjectId, memberId)).orderBy(asc(auditEvents.id)),
    allDevices(signedIn),
  ]);
  const timeOff = coach[0]
    ? await db()
        .select()
        .from(coachTimeOff)
        .where(eq(coachTimeOff.coachId, coach[0].id))
        .orderBy(asc(coachTimeOff.firstDay))
    : [];
  const iso = (date: Date) => date.toISOString();
  const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;
  const { identity: who } = signedIn;
  return {
    format: "cap-data-export/1",
    generated_at: new Date().toISOString(),
    identity: {
      id: who.id,
      state: who.state,
      email: who.traits.email,
      name: who.traits.name,
      addresses: who.verifiable_addresses.map((address) => ({
        value: address.value,
        verified: address.verified,
        verified_at: address.verified_at,
      })),
      created_at: who.created_at,
      two_factor: { enabled: member.twoFactorSince !== null, since: isoOrNull(member.twoFactorSince) },
    },
    member: {
      id: member.id,
      firstname: member.firstname,
      lastname: member.lastname,
      birth_date: member.birthDate,
      gender: member.gender,
      mobile: member.mobile,
      lang: member.lang,
      time_zone: member.timeZone,
      light_pages: member.lightPages,
      user_type: member.userType,
      level_of_study: member.levelOfStudy,
      role: member.role,
      invited: member.invitedBy !== null,
      created_at: iso(member.createdAt),
      updated_at: iso(member.updatedAt),
    },
    photo: photo[0]
      ? {
          url: photoUrl(photo[0].photoId),
          data_url: `data:image/webp;base64,${photo[0].webp.toString("base64")}`,
          uploaded_at: iso(photo[0].createdAt),
        }
      : null,
    roles: roles.map((row) => ({ role: row.role, since: iso(row.createdAt) })),
    goals: goals.map((row) => ({
      title: row.title,
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
      replaced_at: isoOrNull(row.replacedAt),
    })),
    weather: weather.map((row) => ({ day: row.day, mood: row.mood, created_at: iso(row.createdAt) })),
    commitments: commitmentRows.map(({ row, training, module }) => ({
      title: row.title,
      due_date: row.dueDate,
      done_at: isoOrNull(row.doneAt),
      module: training && module ? moduleName(training, module) : null,
      repeat_weekdays: row.repeatWeekdays ? weekdaysOfBits(row.repeatWeekdays) : null,
      repeat_every_days: row.repeatEveryDays,
      starts_on: row.startsOn,
      done_days: occurrenceRows.filter((done) => done.commitmentId === row.id).map((done) => done.day),
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
    })),
    commitment_pauses: pauseRows.map((pause) => ({
      commitment: commitmentRows.find(({ row }) => row.id === pause.commitmentId)?.row.title ?? null,
      starts_on: pause.startsOn,
      ends_on: pause.endsOn,
      created_at: iso(pause.createdAt),
    })),
    life_gps: lifeGps.map((row) => ({ created_at: iso(row.createdAt), ratings: row.ratings })),
    learning: {
      part_reads: reads.map(({ row, training, module }) => ({
        module: moduleName(training, module),
        part: row.partSlug,
        read_at: iso(row.readAt),
      })),
      quiz_submissions: quizzes.map(({ row, training, module }) => ({
        module: moduleName(training, module),
        answers: row.answers,
        score: row.score,
        passed: row.passed,
        created_at: iso(row.createdAt),
      })),
      module_completions: completions.map(({ row, training, module }) => ({
        module: moduleName(training, module),
        completed_at: iso(row.completedAt),
      })),
      entitlements: entitled.map(({ row, training }) => ({
        training,
        source: row.source,
        created_at: iso(row.createdAt),
      })),
      access_codes_used: codesUsed.map((row) => ({ code: row.code, used_at: iso(row.usedAt) })),
      access_codes_created: codesCreated.map(({ row, training }) => ({
        code: row.code,
        training,
        created_at: iso(row.createdAt),
      })),
      certificates: certificateRows.map(({ row, training }) => ({
        training,
        name: row.memberName,
        completed_on: row.completedOn,
        verification_url: verificationUrl(row.publicId),
        issued_at: iso(row.issuedAt),
        withdrawn_at: row.withdrawnAt ? iso(row.withdrawnAt) : null,
      })),
      payments: paymentRows.map((row) => ({
        training: row.trainingTitle,
        amount_cents: row.amountCents,
        currency: row.currency,
        status: row.status,
        receipt_number: row.receiptNumber,
        created_at: iso(row.createdAt),
        paid_at: isoOrNull(row.paidAt),
        refunded_at: isoOrNull(row.refundedAt),
      })),
    },
    crew: crew.map((row) => ({
      name: row.name,
      email: row.email,
      relation: row.relation,
      joined: row.joinedMemberId !== null,
      created_at: iso(row.createdAt),
    })),
    invitations_sent: sent.map((row) => ({
      email: row.email,
      status: row.status,
      last_sent_at: iso(row.lastSentAt),
      created_at: iso(row.createdAt),
    })),
    invitations_received: received.map(({ row, firstname, lastname }) => ({
      from: `${firstname} ${lastname}`,
      status: row.status,
      created_at: iso(row.createdAt),
    })),
    surveys: surveyViews.map((survey) => ({
      title: survey.title,
      questions: survey.questions.map((question) => question.prompt),
      sent: survey.sent,
      answered: survey.answered,
      closed: survey.closed,
      results:
        survey.results?.map((result) => ({
          prompt: result.prompt,
          average: result.average,
          comments: result.comments,
        })) ?? null,
      created_at: survey.createdAt,
    })),
    coaching_sessions: bookings.map(({ row, coach: coachName, prep }) => ({
      coach: coachName,
      starts_at: iso(row.startsAt),
      ends_at: iso(row.endsAt),
      time_zone: row.timeZone,
      lang: row.lang,
      meeting_url: row.meetingUrl,
      status: row.status,
      cancelled_at: isoOrNull(row.cancelledAt),
      cancelled_by: row.cancelledBy,
      created_at: iso(row.createdAt),
      preparation: prep
        ? {
            topics: prep.topics,
            share_goal: prep.shareGoal,
            share_life_gps: prep.shareLifeGps,
            shared_result: prep.sharedResult,
            updated_at: iso(prep.updatedAt),
          }
        : null,
    })),
    coach_profile: coach[0]
      ? {
          name: coach[0].name,
          email: coach[0].email,
          bio: coach[0].bio,
          languages: coach[0].languages,
          time_zone: coach[0].timeZone,
          time_off: timeOff.map((row) => ({ first_day: row.firstDay, last_day: row.lastDay, reason: row.reason })),
        }
      : null,
    devices,
    security_events: securityRows.map((row) => ({
      kind: row.kind,
      user_agent: row.userAgent,
      ip: row.ip,
      created_at: iso(row.createdAt),
    })),
    codes_sent: [
      ...codes.map((row) => ({
        flow: row.flow,
        address: row.address,
        created_at: iso(row.createdAt),
        used_at: isoOrNull(row.usedAt),
      })),
      ...flows.map((row) => ({ flow: row.kind, address: row.address, created_at: iso(row.createdAt), used_at: null })),
    ],
    account_history: audit.map((row) => ({
      action: row.action,
      // Who of the people running Cap did it is theirs to know: the member sees the role only.
      by: row.actorId ? ("administrator" as const) : ("operator" as const),
      before: row.before,
      after: row.after,
      created_at: iso(row.createdAt),
    })),
  };
}

/** Devices are read a window at a time from the identity service; a member has at most this many listed. */
const DEVICE_WINDOW = 100;
const DEVICES_MAX = 1000;

async function allDevices(signedIn: SignedIn): Promise<DataExport["devices"]> {
  const devices: DataExport["devices"] = [];
  for (let offset = 0; offset < DEVICES_MAX; offset += DEVICE_WINDOW) {
    const { sessions, total } = await identity().listSessions(signedIn.token, signedIn.identity.id, {
      limit: DEVICE_WINDOW,
      offset,
    });
    devices.push(
      ...sessions.map((session) => ({
        user_agent: session.userAgent,
        signed_in_at: session.authenticatedAt.toISOString(),
        last_seen_at: session.lastSeenAt.toISOString(),
        current: session.id === signedIn.sessionId,
      })),
    );
    if (offset + DEVICE_WINDOW >= total) break;
  }
  return devices;
}

/*
 * Tables with no column pointing at a member, and why they give nothing:
 *  - registration_drafts: what a visitor typed before having an account, under a cookie's id;
 *    deleted when the registration completes, tied to no member;
 *  - mail_outbox: a delivery queue; a message goes a day after it was sent, and its body holds
 *    one-time codes and links;
 *  - rate_limit_events: counters of attempts (an address, an IP, an id) kept two days at most to
 *    slow abuse, not a record of the member.
 */

/**
 * Which tables the copy reads, column by column, and why the others that point at a member give
 * nothing. The test that cannot go stale reads the schema and fails on a member column named in
 * neither list.
 */
export const EXPORT_COVERAGE = {
  exported: [
    "identity_verifiable_addresses.identity_id",
    "sessions.identity_id",
    "self_service_codes.identity_id",
    "identity_flows.identity_id",
    "app_users.identity_id",
    "member_photos.member_id",
    "member_roles.member_id",
    "main_goals.member_id",
    "weather_checkins.member_id",
    "commitments.member_id",
    "commitment_pauses.member_id",
    "life_gps_entries.member_id",
    "part_reads.member_id",
    "quiz_submissions.member_id",
    "module_completions.member_id",
    "entitlements.member_id",
    "access_code_uses.member_id",
    "access_codes.created_by",
    "certificates.member_id",
    "payments.member_id",
    "crew_members.member_id",
    "invitations.inviter_id",
    "invitations.invitee_id",
    "surveys.member_id",
    "coaching_bookings.member_id",
    "coaches.member_id",
    "security_events.member_id",
    "audit_events.subject_id",
  ],
  notPersonal: {
    "identity_credentials.identity_id": "the password hash: a secret, never given out, not even to its owner",
    "identity_totp.identity_id": "the TOTP secret: the copy says whether two-factor is on and since when",
    "identity_recovery_codes.identity_id": "recovery-code hashes: secrets; the copy says whether two-factor is on",
    "security_event_reports.member_id":
      "the hashes of the notices' \"this wasn't me\" links: secrets; the events they were mailed for are in the copy",
    "crew_members.joined_member_id":
      "another member's crew list naming this member is that member's record; the invitation it came from is in the copy",
    "audit_events.actor_id":
      "what an administrator did to other members' accounts is those members' record (each gets it in their own copy)",
    "app_users.invited_by":
      "who joined through the member's invitation is that member's record; the invitation itself is in the copy",
    "mail_outbox.member_id":
      "mail on its way to the member, tied to them for its unsubscribe link; what was sent is in their inbox",
    "notification_rounds.member_id":
      "the weeks and days a digest or reminder was decided for, so that it goes once; the mail itself is in their inbox",
    "notification_settings.member_id": "the member's mail choices, shown and changed on /profile; not yet in the copy",
    "member_versions.member_id":
      "a counter raised when the member's records change, so that their pages are drawn again; it says nothing of them",
    "legal_acceptances.member_id":
      "the versions of the terms and the privacy policy the member accepted on registering, and when; not yet in the copy",
  },
} as const;
