import { and, eq, isNull } from "drizzle-orm";
import { db, type Executor } from "~/.server/db/client.server";
import { identityFlows } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";

/**
 * The recovery and verification flows Cap started in Kratos, recorded in Cap's database: a code
 * or link is taken only for a flow Cap knows, and only its subject's latest of a kind.
 */
export type RecordedFlow = typeof identityFlows.$inferSelect;

/**
 * Records a flow Cap started. Its subject's earlier flows of the kind stop counting, as a new code
 * replaces the open one in the embedded store: Kratos would take their codes until they expire.
 */
export function recordFlow(executor: Executor, flow: Omit<RecordedFlow, "createdAt">) {
  const subject = flow.identityId
    ? eq(identityFlows.identityId, flow.identityId)
    : and(isNull(identityFlows.identityId), eq(identityFlows.address, flow.address));
  return executor.transaction(async (tx) => {
    await tx.delete(identityFlows).where(and(eq(identityFlows.kind, flow.kind), subject));
    await tx.insert(identityFlows).values(flow);
  });
}

export async function recordedFlow(flowId: string, kind: RecordedFlow["kind"]): Promise<RecordedFlow | undefined> {
  if (!isUuid(flowId)) return undefined;
  const [flow] = await db()
    .select()
    .from(identityFlows)
    .where(and(eq(identityFlows.flowId, flowId), eq(identityFlows.kind, kind)));
  return flow;
}

/** The identity's open verification flow (recordFlow keeps one a kind). */
export async function verificationFlowOf(identityId: string): Promise<RecordedFlow | undefined> {
  const [flow] = await db()
    .select()
    .from(identityFlows)
    .where(and(eq(identityFlows.identityId, identityId), eq(identityFlows.kind, "verification")));
  return flow;
}

/** Forgets a flow whose page closed (expired, completed, out of tries). */
export async function forgetFlow(flowId: string) {
  await db().delete(identityFlows).where(eq(identityFlows.flowId, flowId));
}
