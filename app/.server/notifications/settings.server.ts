import { eq } from "drizzle-orm";
import { db, type Executor } from "~/.server/db/client.server";
import { violatesConstraint } from "~/.server/db/errors.server";
import { notificationSettings } from "~/.server/db/schema.server";

/**
 * Which mails a member wants: one switch per kind of notification, on by default
 * only for the weekly digest and session reminders, and the digest's day and hour in the member's
 * own time zone. Transactional mail (verification, recovery, security notices, a booking's news)
 * has no switch: it always goes.
 */
export const NOTIFICATION_KINDS = ["weeklyDigest", "sessionReminders", "commitmentReminders", "crewNews"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type NotificationSettings = Record<NotificationKind, boolean> & {
  /** 0 = Sunday … 6 = Saturday, in the member's time zone. */
  digestDay: number;
  /** 0–23, on the hour, in the member's time zone. */
  digestHour: number;
};

export const DEFAULT_SETTINGS: NotificationSettings = {
  weeklyDigest: true,
  sessionReminders: true,
  commitmentReminders: false,
  crewNews: false,
  digestDay: 1,
  digestHour: 8,
};

export function isNotificationKind(value: string): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** The member's settings; inside a transaction, pass it (PGlite has one connection, which it holds). */
export async function settingsOf(memberId: string, executor: Executor = db()): Promise<NotificationSettings> {
  const [row] = await executor.select().from(notificationSettings).where(eq(notificationSettings.memberId, memberId));
  if (!row) return DEFAULT_SETTINGS;
  const { memberId: _member, updatedAt: _updated, ...settings } = row;
  return settings;
}

export async function saveSettings(memberId: string, settings: NotificationSettings) {
  const values = { ...settings, updatedAt: new Date() };
  await db()
    .insert(notificationSettings)
    .values({ memberId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.memberId, set: values });
}

/** Whether the member wants notifications of `kind` (an unknown kind: no). */
export async function wants(memberId: string, kind: string): Promise<boolean> {
  if (!isNotificationKind(kind)) return false;
  return (await settingsOf(memberId))[kind];
}

/** One click in a mail: that kind switched off, the rest as it was. Whether the member exists. */
export async function switchOff(memberId: string, kind: NotificationKind): Promise<boolean> {
  const rows = await db()
    .insert(notificationSettings)
    .values({ ...DEFAULT_SETTINGS, memberId, [kind]: false })
    .onConflictDoUpdate({ target: notificationSettings.memberId, set: { [kind]: false, updatedAt: new Date() } })
    .returning({ memberId: notificationSettings.memberId })
    .catch((error: unknown) => {
      // The member deleted their account since the mail went: nothing left to switch off.
      if (violatesConstraint(error, "notification_settings_member_id_app_users_id_fk")) return [];
      throw error;
    });
  return rows.length > 0;
}
